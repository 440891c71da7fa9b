import { enqueueActions, type AnyActorRef, type EventObject, type MachineContext } from 'xstate'
import type { Collection } from '../../../schema/sync'
import type { NotificationItem } from './notification.machine'
import { enqueueEvent } from './notifications.machine'

/**
 * The console is one actor system (docs/architecture.md): the root `session` actor and its
 * long-lived children are registered under these system ids, and every screen or dialog actor joins
 * the same system (created with the session as its parent), so a machine reaches another through
 * `system.get(id)`, never through a view.
 */
export const SYSTEM_ID = {
  session: 'session',
  sync: 'sync',
  notifications: 'notifications',
  passwordExpiry: 'passwordExpiry',
  cookiesAccepted: 'cookiesAccepted',
} as const

type System = { get: (systemId: string) => AnyActorRef | undefined }

/** What a notice may be computed from: the transition's context and event. */
export type NoticeArgs<TContext, TEvent> = { context: TContext; event: TEvent }

/**
 * The action that shows a notification (SPEC.md §9's `enqueueSnackbar`) from a statechart: the
 * item, or a function of the transition returning it (or null for none). Sent to the system's
 * `notifications` actor; an actor running alone (a unit test without one) notifies nobody.
 */
export function notify<TContext extends MachineContext, TEvent extends EventObject>(
  item:
    | NotificationItem
    | ((args: NoticeArgs<TContext, TEvent>) => NotificationItem | null | undefined),
) {
  return enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(
    ({ context, event, system, enqueue }) => {
      const resolved = typeof item === 'function' ? item({ context, event }) : item
      const stack = (system as System).get(SYSTEM_ID.notifications)
      if (resolved && stack) enqueue.sendTo(stack, enqueueEvent(resolved))
    },
  )
}

/**
 * The action that tells the root session actor something (a sign-in, a change to the signed-in
 * user; one of session.machine.ts's SessionEvent): the event, or a function of the transition
 * returning it.
 */
export function tellSession<TContext extends MachineContext, TEvent extends EventObject>(
  message: EventObject | ((args: NoticeArgs<TContext, TEvent>) => EventObject),
) {
  return enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(
    ({ context, event, system, enqueue }) => {
      const session = (system as System).get(SYSTEM_ID.session)
      if (!session) return
      enqueue.sendTo(session, typeof message === 'function' ? message({ context, event }) : message)
    },
  )
}

/**
 * The action that has the system's `sync` actor pull `collections` at once, instead of waiting
 * for the server's change notice; with `when`, only where it holds of the transition.
 */
export function pullNow<TContext extends MachineContext, TEvent extends EventObject>(
  collections: Collection[],
  when?: (args: NoticeArgs<TContext, TEvent>) => boolean,
) {
  return enqueueActions<TContext, TEvent, undefined, TEvent, never, never, never, never, never>(
    ({ context, event, system, enqueue }) => {
      const sync = (system as System).get(SYSTEM_ID.sync)
      if (sync && (!when || when({ context, event })))
        enqueue.sendTo(sync, { type: 'sync.changed', collections })
    },
  )
}
