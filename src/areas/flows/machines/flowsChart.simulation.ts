import {
  fromCallback,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate'
import {
  transitionKey,
  transitionLabel,
  type FlowGraph,
  type FlowTransition,
} from '../../../flows/graph'
import {
  actionText,
  activeIds,
  checkpointOf,
  detailOf,
  stateLabel,
  type AnyPathsModel,
} from '../../../flows/model'
import { fillPlaceholders, type Values } from '../../../flows/pathText'
import { startStubbed } from '../../../flows/replay'

/** Something that can happen now in the simulated machine: one event, worded for a person. */
export type SimulationChoice = {
  event: EventObject
  /** The trigger as the diagram labels it ('login.submit', 'done: signIn', 'after 5000 ms'). */
  group: string
  /** What taking it does: the transition's description and the event's detail. */
  label: string
  /** Keys of the transitions it takes (guarded branches decided): what the diagram offers. */
  takes: string[]
  /** The event carries a typed text (`value`): a person may type another one. */
  typed: boolean
}

export type SimulationEntry = {
  step: number
  /** What happened, in words; says so when the machine did not take the event. */
  text: string
  /** The state afterwards ('credentials.rejected'). */
  state: string
}

/** The simulated machine as the page shows it after the start or an event. */
export type SimulationView = {
  status: 'running' | 'finished' | 'failed'
  /** Why the machine stopped, when it failed. */
  error?: string
  state: string
  checkpoint: string
  active: string[]
  /** Keys of the transitions the last event took (the start's, at first). */
  taken: string[]
  choices: SimulationChoice[]
  /** The step just taken; none for the start. */
  entry?: SimulationEntry
}

export type SimulationInput = { machine: AnyStateMachine; model: AnyPathsModel; graph: FlowGraph }

// Transitions a person (or an actor's ending, or a timer) triggers; always and done-state follow.
const TRIGGERED = new Set<FlowTransition['kind']>(['event', 'after', 'done', 'error', 'snapshot'])

const sampleEvents = (
  model: AnyPathsModel,
  snapshot: AnyMachineSnapshot,
): readonly EventObject[] =>
  typeof model.events === 'function'
    ? (model.events as (s: AnyMachineSnapshot) => readonly EventObject[])(snapshot)
    : (model.events as readonly EventObject[])

/**
 * What can happen in this snapshot: for every event the active states handle, the model's sample
 * events of that type (or the bare event, as the model-based paths do), those the machine would
 * take now. Grouped by trigger, in the order the graph lists them.
 */
export function choicesAt(
  snapshot: AnyMachineSnapshot,
  { model, graph }: Omit<SimulationInput, 'machine'>,
): SimulationChoice[] {
  if (snapshot.status !== 'active') return []
  const active = new Set(activeIds(snapshot))
  const groups = new Map<string, string>()
  for (const t of graph.transitions)
    if (active.has(t.source) && TRIGGERED.has(t.kind) && !groups.has(t.eventType))
      groups.set(t.eventType, transitionLabel({ ...t, guard: undefined }))
  const samples = sampleEvents(model, snapshot)
  const detail = detailOf(model)
  const machine = snapshot.machine as AnyStateMachine
  return [...groups].flatMap(([type, group]) => {
    const matching = samples.filter((e) => e.type === type)
    return (matching.length ? matching : [{ type }])
      .filter((event) => snapshot.can(event))
      .map((event) => {
        const takes = machine
          .getTransitionData(snapshot as never, event)
          .map((t) => transitionKey(t as never))
        return {
          event,
          group,
          label: fillPlaceholders(
            actionText(graph, takes, detail(event)),
            [snapshot],
            valuesOf(model),
          ),
          takes,
          typed: typeof (event as { value?: unknown }).value === 'string',
        }
      })
  })
}

// What the model says a description's placeholders stand for ('{name}' → 'Paint').
const valuesOf = (model: AnyPathsModel) =>
  model.values as ((snapshot: AnyMachineSnapshot) => Values) | undefined

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The page's view of a snapshot: its state, what shows as active, and what can happen next. */
export function simulationView(
  snapshot: AnyMachineSnapshot,
  taken: string[],
  input: Omit<SimulationInput, 'machine'>,
  step?: { step: number; event: EventObject },
): SimulationView {
  const status =
    snapshot.status === 'error' ? 'failed' : snapshot.status === 'done' ? 'finished' : 'running'
  const state = stateLabel(snapshot)
  const view: SimulationView = {
    status,
    ...(status === 'failed' ? { error: messageOf(snapshot.error) } : {}),
    state,
    checkpoint: checkpointOf(snapshot),
    active: activeIds(snapshot),
    taken,
    choices: choicesAt(snapshot, input),
  }
  if (!step) return view
  const text = taken.length
    ? fillPlaceholders(
        actionText(input.graph, taken, detailOf(input.model)(step.event)),
        [snapshot],
        valuesOf(input.model),
      )
    : `Not taken: the machine ignored ${step.event.type} here.`
  return { ...view, entry: { step: step.step, text, state } }
}

export type SimulationEvent =
  | { type: 'simulation.changed'; view: SimulationView }
  | { type: 'simulate.send'; event: EventObject }

/**
 * The production machine running on the page with its effects stubbed (src/flows/replay.ts):
 * nothing is fetched, stored or shown by it. Reports its view at the start and after each event
 * the page sends; stops with the page's simulation (Reset starts a new one).
 */
export const simulation = fromCallback<SimulationEvent, SimulationInput>(
  ({ input, sendBack, receive }) => {
    let taken: string[] = []
    let step = 0
    const actor = startStubbed(input.machine, input.model.input, (keys) => taken.push(...keys))
    // An action that throws stops the simulated machine; the view says so instead of the console.
    const subscription = actor.subscribe({ error: () => {} })
    sendBack({
      type: 'simulation.changed',
      view: simulationView(actor.getSnapshot() as AnyMachineSnapshot, taken, input),
    })
    receive((event) => {
      if (event.type !== 'simulate.send') return
      taken = []
      step += 1
      actor.send(event.event)
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot
      sendBack({
        type: 'simulation.changed',
        view: simulationView(snapshot, taken, input, { step, event: event.event }),
      })
    })
    return () => {
      subscription.unsubscribe()
      actor.stop()
    }
  },
)
