import type { Area } from './sync.machine'
import type { SyncContext } from './sync.machine'

/**
 * 12500 → '12,500', as en-US writes it. Not Intl.NumberFormat: its first use loads ICU's number
 * data, 16–30 ms inside the frame that first shows the loading screen after sign-in
 * (docs/console-cache.md); a count of rows needs nothing more than grouping by threes.
 */
export function groupDigits(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)))
  let grouped = digits.slice(0, digits.length % 3 || 3)
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`
  return n < 0 ? `-${grouped}` : grouped
}

/** What a person calls each cached table (SPEC.md §2: the loading screen names the table). */
const TABLE_NAMES: Record<string, string> = {
  services: 'Services',
  sessions: 'Sessions',
  users: 'Users',
  serviceAssignments: 'Service assignments',
  attributeKeys: 'Attribute keys',
  attributeKeyAssociations: 'Attribute tree',
  attributeKeyOptions: 'Attribute options',
  attributeKeyConditions: 'Attribute conditions',
}

/** 'Sessions — 12,500 rows': the table being loaded and its rows so far, or null before the first. */
export function loadingProgressText(progress: SyncContext['progress']): string | null {
  if (!progress.table) return null
  const rows = progress.loaded === 1 ? 'row' : 'rows'
  const name = TABLE_NAMES[progress.table] ?? progress.table
  return `${name} — ${groupDigits(progress.loaded)} ${rows}`
}

/**
 * One line per area still loading, each naming its current table: the two areas load side by side,
 * and the tiny attribute tables must not hide a 100,000-row sessions table behind them.
 */
export function loadingLines(
  areaProgress: SyncContext['areaProgress'],
  loading: readonly Area[],
): string[] {
  return loading.flatMap((area) => {
    const progress = areaProgress[area]
    const text = progress ? loadingProgressText(progress) : null
    return text ? [text] : []
  })
}

/** Why loading failed, in the words the error carries, or a generic line for anything else. */
export function loadingErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An Error Occurred. Try Again.'
}
