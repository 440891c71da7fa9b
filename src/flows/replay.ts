import {
  createActor,
  createMachine,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
} from 'xstate'
import { transitionKey } from './graph'

// Does nothing and never ends: the stand-in for every invoked or spawned actor. A path (or a person
// simulating) says how each one ends by sending its done or error event. A machine, because a
// parent may read its child's snapshots as a machine's (the session's onSnapshot guards ask the
// sync's snapshot for its tags), and a child reports its first snapshot as it starts.
const idle = createMachine({ id: 'idle' })

/**
 * The production machine with its effects stubbed: every actor it invokes or spawns is idle, and
 * every named action that is not one of XState's own (assign, raise, sendTo, enqueueActions…) does
 * nothing, so nothing is stored, fetched or shown. Guards and context updates are the real ones.
 */
export function withEffectsStubbed<T extends AnyStateMachine>(machine: T): T {
  const { actions = {}, actors = {} } = machine.implementations
  return machine.provide({
    actors: Object.fromEntries(Object.keys(actors).map((name) => [name, idle])),
    actions: Object.fromEntries(
      Object.entries(actions)
        .filter(
          ([, action]) => !String((action as { type?: string }).type ?? '').startsWith('xstate.'),
        )
        .map(([name]) => [name, () => {}]),
    ),
  } as never) as T
}

// Delays never elapse on their own: a path takes an `after` transition by sending its event.
const stoppedClock = { setTimeout: () => 0, clearTimeout: () => {} }

export type ReplayStep = {
  event: EventObject
  /** Keys of the transitions taken (the event's, then any `always` that followed), in order. */
  taken: string[]
  snapshot: AnyMachineSnapshot
}

export type Replay = {
  /** The first step is the start (`xstate.init`). */
  steps: ReplayStep[]
  /** The index of the first event the machine did not take, if any. */
  refusedAt?: number
  error?: unknown
}

/** An actor of the machine with effects stubbed, reporting every transition it takes. */
export function startStubbed(
  machine: AnyStateMachine,
  input: unknown,
  onTaken: (keys: string[], event: EventObject) => void,
): AnyActorRef {
  // Only the machine's own microsteps: a spawned machine's are its own business.
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.microstep' && e.actorRef.sessionId === e.rootId)
      onTaken(e._transitions.map(transitionKey), e.event)
  }
  const root = createActor(withEffectsStubbed(machine), {
    input,
    inspect,
    clock: stoppedClock,
  } as never)
  root.start()
  return root as AnyActorRef
}

/**
 * Runs events through the production machine (effects stubbed) and records, from the inspection
 * events, exactly which transition definitions each one took. This is what coverage counts and
 * what a readable path's steps are named after.
 */
export function replay(machine: AnyStateMachine, input: unknown, events: EventObject[]): Replay {
  const steps: ReplayStep[] = []
  let current: { event: EventObject; taken: string[] } = {
    event: { type: 'xstate.init' },
    taken: [],
  }
  const actor = startStubbed(machine, input, (keys) => current.taken.push(...keys))
  steps.push({ ...current, snapshot: actor.getSnapshot() as AnyMachineSnapshot })
  let refusedAt: number | undefined
  let error: unknown
  for (const [index, event] of events.entries()) {
    current = { event, taken: [] }
    actor.send(event)
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot
    steps.push({ ...current, snapshot })
    if (snapshot.status === 'error') {
      error = snapshot.error
      refusedAt = index
      break
    }
    if (current.taken.length === 0 && refusedAt === undefined) refusedAt = index
  }
  actor.stop()
  return { steps, ...(refusedAt !== undefined ? { refusedAt } : {}), ...(error ? { error } : {}) }
}
