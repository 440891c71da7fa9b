type FinalState = { description: string; type: 'final' }
type FinalMore = { tags?: readonly string[]; entry?: unknown }

/**
 * A final state: `description` says how the chart ends there; `more` adds its tags (a form that
 * stays off while the next screen replaces it) and the `entry` actions it ends with.
 */
export function finalState(description: string): FinalState
export function finalState<const TMore extends FinalMore>(
  description: string,
  more: TMore,
): FinalState & TMore
export function finalState(description: string, more?: FinalMore) {
  return { description, type: 'final', ...more }
}
