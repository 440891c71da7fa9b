import {
  Actor,
  StateMachine,
  type ActorRefLike,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate'
import type { Inspection } from './inspection'
import { transitionKey } from './transitionKey'

/** The channel the console's tabs share: the Flows page's live view listens on it. */
export const LIVE_CHANNEL = 'gatehouse-flows'

/**
 * One running statechart's step, as a listener sees it. Only ids, keys and event types travel:
 * never context, event payloads or snapshot data (passwords, codes and tokens pass through these
 * machines).
 */
export type LiveUpdate = {
  kind: 'snapshot' | 'stopped'
  /** Unique across tabs: the publishing tab's id, then the actor's session id in its system. */
  sessionId: string
  machineId: string
  /** The publishing tab (see `thisTab`). */
  tab: string
  /** A screen or dialog actor (a child of the root without a system id), not a singleton. */
  screen: boolean
  /** Ids of the active state nodes. */
  active: string[]
  /** Keys of the transitions this step took, in order (`transitionKey`). */
  taken: string[]
  /** The type of the event this step handled; '' when a listener asked for the current states. */
  eventType: string
  /**
   * For 'stopped': how it ended: a final state, stopped by its parent (its screen closed), failed,
   * or its page went away (the tab closed, reloaded or left the console).
   */
  ended?: 'done' | 'stopped' | 'error' | 'unloaded'
  at: number
}

/** A listener says it is there (again, every HEARTBEAT_MS) or gone; a publisher asks who is. */
type Control =
  { kind: 'listen'; listener: string } | { kind: 'leave'; listener: string } | { kind: 'announce' }

type LiveMessage = LiveUpdate | Control

export const HEARTBEAT_MS = 5_000
/** A listener not heard from for this long is gone (a closed tab says no goodbye). */
export const LISTENER_TIMEOUT_MS = 3 * HEARTBEAT_MS

const randomId = () => Math.random().toString(36).slice(2, 10)

/** This tab's id: the panel tells "this tab" from "another tab" by it. */
export const thisTab = randomId()

const channelAvailable = () => typeof BroadcastChannel !== 'undefined'

type MachineActor = Actor<AnyStateMachine>

// Promise, callback and observable actors have no states to show.
const isMachineActor = (ref: ActorRefLike): ref is MachineActor =>
  ref instanceof Actor && ref.logic instanceof StateMachine

const activeIds = (snapshot: AnyMachineSnapshot) => snapshot._nodes.map((node) => node.id)

function isUpdate(data: unknown): data is LiveUpdate {
  if (!data || typeof data !== 'object') return false
  const { kind, machineId, sessionId } = data as Partial<LiveUpdate>
  return (
    (kind === 'snapshot' || kind === 'stopped') &&
    typeof machineId === 'string' &&
    typeof sessionId === 'string'
  )
}

/**
 * Publishes every statechart actor of the console (the root's system) on the live channel, for as
 * long as someone listens: with no listener it does not even subscribe to the inspection point.
 * A listener that arrives gets the current states of all of them at once. Returns the stop.
 */
export function publishLive(inspection: Inspection, root: AnyActorRef): () => void {
  if (!channelAvailable()) return () => {}
  const channel = new BroadcastChannel(LIVE_CHANNEL)
  const listeners = new Map<string, number>()
  // Keys of the microsteps an actor took since its last snapshot, by actor.
  const pending = new Map<MachineActor, string[]>()
  let unsubscribe: (() => void) | null = null
  let expiry: ReturnType<typeof setInterval> | null = null

  type Step = Pick<LiveUpdate, 'kind' | 'active' | 'taken' | 'eventType' | 'ended'>
  // The one place a message is built: ids, keys and the event's type, nothing else.
  const post = ({ kind, active, taken, eventType, ended }: Step, ref: MachineActor) =>
    channel.postMessage({
      kind,
      sessionId: `${thisTab}/${ref.sessionId}`,
      machineId: ref.logic.id,
      tab: thisTab,
      screen: ref._parent === root && !ref.systemId,
      active,
      taken,
      eventType,
      ...(ended ? { ended } : {}),
      at: Date.now(),
    } satisfies LiveUpdate)

  const onInspect = (event: InspectionEvent) => {
    const ref = event.actorRef
    if (event.type === '@xstate.microstep') {
      if (!isMachineActor(ref)) return
      pending.set(ref, [...(pending.get(ref) ?? []), ...event._transitions.map(transitionKey)])
      return
    }
    if (event.type !== '@xstate.snapshot' || !isMachineActor(ref)) return
    const snapshot = event.snapshot as AnyMachineSnapshot
    const taken = pending.get(ref) ?? []
    pending.delete(ref)
    const active = activeIds(snapshot)
    const eventType = event.event.type
    if (snapshot.status === 'stopped' || snapshot.status === 'error') {
      post({ kind: 'stopped', active, taken: [], eventType, ended: snapshot.status }, ref)
      return
    }
    // An event the actor ignored changed nothing a diagram shows.
    if (taken.length === 0 && eventType !== 'xstate.init' && snapshot.status === 'active') return
    post({ kind: 'snapshot', active, taken, eventType }, ref)
    if (snapshot.status === 'done')
      post({ kind: 'stopped', active, taken: [], eventType, ended: 'done' }, ref)
  }

  // Every statechart actor running now: the system's tree from the root.
  const eachRunning = (ref: AnyActorRef, visit: (ref: MachineActor, active: string[]) => void) => {
    if (!isMachineActor(ref)) return
    const snapshot: AnyMachineSnapshot = ref.getSnapshot()
    if (snapshot.status === 'active') visit(ref, activeIds(snapshot))
    const children = snapshot.children as Record<string, AnyActorRef>
    for (const child of Object.values(children)) eachRunning(child, visit)
  }

  // For a listener that just arrived: where everyone is now.
  const postCurrent = () =>
    eachRunning(root, (ref, active) =>
      post({ kind: 'snapshot', active, taken: [], eventType: '' }, ref),
    )

  // A page that goes away stops no actor: its listeners are told they ended.
  const onPageHide = () => {
    if (!unsubscribe) return
    eachRunning(root, (ref, active) =>
      post({ kind: 'stopped', active, taken: [], eventType: '', ended: 'unloaded' }, ref),
    )
  }

  const stopPublishing = () => {
    unsubscribe?.()
    unsubscribe = null
    pending.clear()
    if (expiry) clearInterval(expiry)
    expiry = null
  }

  const dropSilentListeners = () => {
    const now = Date.now()
    for (const [listener, seen] of listeners)
      if (now - seen > LISTENER_TIMEOUT_MS) listeners.delete(listener)
    if (listeners.size === 0) stopPublishing()
  }

  channel.onmessage = ({ data }: MessageEvent<LiveMessage | null>) => {
    if (data?.kind === 'listen') {
      const known = listeners.has(data.listener)
      listeners.set(data.listener, Date.now())
      if (known) return
      if (!unsubscribe) {
        unsubscribe = inspection.subscribe(onInspect)
        expiry = setInterval(dropSilentListeners, HEARTBEAT_MS)
      }
      postCurrent()
    } else if (data?.kind === 'leave') {
      listeners.delete(data.listener)
      if (listeners.size === 0) stopPublishing()
    }
  }
  // Listeners that were there before this tab (or this console) started answer at once.
  channel.postMessage({ kind: 'announce' } satisfies Control)
  globalThis.addEventListener?.('pagehide', onPageHide)

  return () => {
    globalThis.removeEventListener?.('pagehide', onPageHide)
    stopPublishing()
    channel.close()
  }
}

/**
 * Follows the statechart actors of `machineId` (every machine with null) in every tab of this
 * browser, this one included: `onUpdate` gets each of their steps. Nothing happens where the
 * browser has no BroadcastChannel. Returns the unfollow.
 */
export function followLive(
  machineId: string | null,
  onUpdate: (update: LiveUpdate) => void,
): () => void {
  if (!channelAvailable()) return () => {}
  const channel = new BroadcastChannel(LIVE_CHANNEL)
  const listener = randomId()
  const listen = () => channel.postMessage({ kind: 'listen', listener } satisfies Control)
  channel.onmessage = ({ data }: MessageEvent<unknown>) => {
    if (isUpdate(data)) {
      if (machineId === null || data.machineId === machineId) onUpdate(data)
    } else if ((data as Partial<Control> | null)?.kind === 'announce') listen()
  }
  listen()
  const heartbeat = setInterval(listen, HEARTBEAT_MS)
  return () => {
    clearInterval(heartbeat)
    channel.postMessage({ kind: 'leave', listener } satisfies Control)
    channel.close()
  }
}
