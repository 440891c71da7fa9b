import { transitionLabel, type FlowGraph, type FlowState } from '../../../../flows/graph'
import type { FollowedActor, LogEntry } from './followed'

/** The active states a person reads: the innermost ones (their ancestors are active too). */
export function activeLeaves(graph: FlowGraph, active: readonly string[]): FlowState[] {
  const on = new Set(active)
  return graph.states.filter(
    (s) => on.has(s.id) && s.id !== graph.root && !s.children.some((c) => on.has(c)),
  )
}

/** 'credentials.editing, signingIn': the innermost active states by their path. */
export function statesInWords(graph: FlowGraph, active: readonly string[]): string {
  const leaves = activeLeaves(graph, active)
  return leaves.length ? leaves.map((s) => s.path).join(', ') : '(no state)'
}

const ENDINGS: Record<NonNullable<LogEntry['ended']>, string> = {
  done: 'It reached its final state and ended.',
  stopped: 'It stopped: its screen, dialog or owner closed.',
  error: 'It failed and stopped.',
  unloaded: 'It stopped: its tab closed, reloaded or left the console.',
}

/**
 * A step in words: the descriptions of the transitions it took (the chart's own words), or what
 * kind of step it was when it took none.
 */
export function stepInWords(graph: FlowGraph, entry: LogEntry): string {
  if (entry.ended) return ENDINGS[entry.ended]
  if (entry.eventType === 'xstate.init') return 'It started.'
  const words = entry.taken.flatMap((key) => {
    const t = graph.transitions.find((candidate) => candidate.key === key)
    return t ? [t.description ?? `${transitionLabel(t)}.`] : []
  })
  return words.length ? words.join(' Then: ') : `${entry.eventType} (no transition taken).`
}

/** How the picker and the status name an actor: 'login #2, another tab'. */
export function actorName(actor: FollowedActor, tab: string): string {
  return `${actor.machineId} #${actor.number}, ${actor.tab === tab ? 'this tab' : 'another tab'}`
}
