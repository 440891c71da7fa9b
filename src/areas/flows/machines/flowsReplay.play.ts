/**
 * Plays a replay the server answered (GET /v1/logs/{id}/replay) on the production statechart with
 * its effects stubbed (src/flows/replay.ts): the state after each recorded step, the transitions
 * it took in words, and the events the chart did not take. Pure: no fetch, no view.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { ReplayEvent, ReplayResults } from '../../../../schema/replay'
import { ApiError } from '../../../data/api/ApiError'
import type { FlowGraph } from '../../../flows/graph'
import type { LoadedMachine } from '../../../flows/machinePaths'
import { activeIds, checkpointOf, stateLabel } from '../../../flows/model'
import { replay } from '../../../flows/replay'

/** One recorded step as the page shows it. */
export type PlayedStep = {
  at: string
  /** The Logs sentence of the row, or what the row after it implies. */
  sentence: string
  action: string
  outcome: 'success' | 'failure' | 'refused'
  /** Null for a step no row records on its own. */
  logId: string | null
  note: string | null
  /** The descriptions of the transitions taken, in order. */
  transitions: string[]
  /** The events the statechart did not take where it was, as their names. */
  notTaken: string[]
  /** The state afterwards ('code.rejected') and its description. */
  state: string
  checkpoint: string
  /** The message the screen shows afterwards (the chart's `error`), if any. */
  message: string | null
  active: string[]
  taken: string[]
}

export type PlayedReplay = {
  machine: string
  logId: string
  start: { state: string; checkpoint: string; active: string[] }
  steps: PlayedStep[]
}

/** The server's event as the chart receives it: an error as the console's ApiError. */
function asEvent(event: ReplayEvent): EventObject {
  const { error, ...rest } = event
  if (!error) return rest
  const failed: EventObject & { error: ApiError } = {
    ...rest,
    error: new ApiError(error.status, error.code, error.message),
  }
  return failed
}

const messageOf = (snapshot: AnyMachineSnapshot): string | null => {
  const context = snapshot.context as { error?: unknown; notice?: unknown } | undefined
  if (typeof context?.error === 'string') return context.error
  return typeof context?.notice === 'string' ? context.notice : null
}

const describe = (graph: FlowGraph, key: string) =>
  graph.transitions.find((t) => t.key === key)?.description ?? key

/** Runs every step's events through the machine, one run for the whole attempt. */
export function playReplay(loaded: LoadedMachine, answer: ReplayResults): PlayedReplay {
  const events = answer.steps.flatMap((step) => step.events.map(asEvent))
  const run = replay(loaded.machine, answer.input, events)
  const [start] = run.steps
  if (!start) throw new Error('The statechart did not start.')
  let sent = 0
  let before = start.snapshot
  const steps = answer.steps.map((step): PlayedStep => {
    const played = run.steps.slice(sent + 1, sent + 1 + step.events.length)
    sent += step.events.length
    const snapshot = played.at(-1)?.snapshot ?? before
    before = snapshot
    const taken = played.flatMap((p) => p.taken)
    return {
      at: step.at,
      sentence: step.sentence,
      action: step.action,
      outcome: step.outcome,
      logId: step.logId,
      note: step.note,
      transitions: taken.map((key) => describe(loaded.graph, key)),
      // An event after the chart stopped (an action threw) was never sent: not taken either.
      notTaken: [
        ...played.filter((p) => p.taken.length === 0).map((p) => p.event.type),
        ...step.events.slice(played.length).map((e) => e.type),
      ],
      state: stateLabel(snapshot),
      checkpoint: checkpointOf(snapshot),
      message: messageOf(snapshot),
      active: activeIds(snapshot),
      taken,
    }
  })
  return {
    machine: answer.machine,
    logId: answer.logId,
    start: {
      state: stateLabel(start.snapshot),
      checkpoint: checkpointOf(start.snapshot),
      active: activeIds(start.snapshot),
    },
    steps,
  }
}
