import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import {
  NOTIFICATION_TIMING,
  notificationMachine,
  type NotificationItem,
  type ResolvedNotification,
} from './notification.machine'

/** SPEC.md §9: at most three notifications are visible. */
export const MAX_VISIBLE = 3

/** SPEC.md §8 'Notification call with no message'. */
export const INVALID_ARGUMENT = 'enqueueSnackbar called with invalid argument'

export type StackEntry = {
  key: string
  message: string
  persist: boolean
  /** queued: waiting for room; shown: on screen; closing: asked to leave, still on screen. */
  status: 'queued' | 'shown' | 'closing'
}

export type NotificationsContext = {
  entries: StackEntry[]
  /** The next generated key. */
  nextId: number
}

export type NotificationsEvent =
  | { type: 'notify.enqueue'; item: NotificationItem }
  | { type: 'notify.close'; key: string }
  | { type: 'notify.exited'; key: string }
  | { type: 'notify.blur' }
  | { type: 'notify.focus' }

/** The child actor's id for a notification key. */
export const notificationId = (key: string) => `notification:${key}`

/**
 * The event a view sends for `enqueueSnackbar(item)`; throws SPEC.md §8's error when the call has
 * no message.
 */
export function enqueueEvent(item: NotificationItem | undefined | null): NotificationsEvent {
  if (!item || typeof item.message !== 'string' || item.message === '')
    throw new Error(INVALID_ARGUMENT)
  return { type: 'notify.enqueue', item }
}

const resolve = (item: NotificationItem, nextId: number): ResolvedNotification => ({
  key: item.key ?? `n${nextId}`,
  message: item.message,
  variant: item.variant ?? 'default',
  persist: item.persist ?? false,
  preventDuplicate: item.preventDuplicate ?? false,
  autoHideDuration: item.autoHideDuration ?? NOTIFICATION_TIMING.autoHide,
  anchorOrigin: item.anchorOrigin ?? { vertical: 'bottom', horizontal: 'left' },
})

const isDuplicate = (context: NotificationsContext, item: NotificationItem) =>
  context.entries.some(
    (entry) =>
      (item.key !== undefined && entry.key === item.key) ||
      (item.preventDuplicate === true && entry.message === item.message),
  )

/**
 * The notification stack (SPEC.md §4 'Notifications'): one child actor per notification
 * (`notification.machine.ts`). At most three are visible; when one more arrives, the oldest
 * non-persistent one is dismissed and the newcomer waits until it has left. Root-level, with the
 * system id 'notifications'; views send `notify.enqueue` through `useNotify()`.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: { notification: notificationMachine },
  guards: {
    duplicate: ({ context, event }) =>
      event.type === 'notify.enqueue' && isDuplicate(context, event.item),
    lastOne: ({ context, event }) =>
      event.type === 'notify.exited' && context.entries.every((entry) => entry.key === event.key),
    shown: ({ context, event }) =>
      event.type === 'notify.close' &&
      context.entries.some((entry) => entry.key === event.key && entry.status === 'shown'),
  },
  actions: {
    add: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'notify.enqueue') return
      const item = resolve(event.item, context.nextId)
      enqueue.assign({
        nextId: context.nextId + 1,
        entries: [
          ...context.entries,
          { key: item.key, message: item.message, persist: item.persist, status: 'queued' },
        ],
      })
      enqueue.spawnChild('notification', { id: notificationId(item.key), input: { item } })
    }),
    forget: assign({
      entries: ({ context, event }) =>
        event.type === 'notify.exited'
          ? context.entries.filter((entry) => entry.key !== event.key)
          : context.entries,
    }),
    close: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'notify.close') return
      enqueue.assign({
        entries: context.entries.map((entry) =>
          entry.key === event.key ? { ...entry, status: 'closing' as const } : entry,
        ),
      })
      enqueue.sendTo(notificationId(event.key), { type: 'notification.close' })
    }),
    /** Shows the waiting ones while there is room; makes room by dismissing the oldest. */
    settle: enqueueActions(({ context, enqueue }) => {
      const entries = context.entries.map((entry) => ({ ...entry }))
      let visible = entries.filter((entry) => entry.status !== 'queued').length
      for (const entry of entries) {
        if (entry.status !== 'queued' || visible >= MAX_VISIBLE) continue
        entry.status = 'shown'
        visible += 1
        enqueue.sendTo(notificationId(entry.key), { type: 'notification.show' })
      }
      const waiting = () => entries.filter((entry) => entry.status === 'queued').length
      const leaving = () => entries.filter((entry) => entry.status === 'closing').length
      for (const entry of entries) {
        if (leaving() >= waiting()) break
        if (entry.status !== 'shown' || entry.persist) continue
        entry.status = 'closing'
        enqueue.sendTo(notificationId(entry.key), { type: 'notification.close' })
      }
      enqueue.assign({ entries })
    }),
    forward: enqueueActions(({ context, event, enqueue }) => {
      const type = event.type === 'notify.blur' ? 'notification.pause' : 'notification.resume'
      for (const entry of context.entries)
        if (entry.status === 'shown') enqueue.sendTo(notificationId(entry.key), { type })
    }),
  },
}).createMachine({
  id: 'notifications',
  meta: { spec: ['§4.16'] },
  description:
    'The notification stack: at most three visible, the oldest dismissed for a newcomer.',
  context: { entries: [], nextId: 1 },
  initial: 'empty',
  states: {
    empty: {
      description: 'No notification.',
      on: {
        'notify.enqueue': {
          target: 'showing',
          actions: ['add', 'settle'],
          description: 'A screen raised a notice; it shows.',
        },
      },
    },
    showing: {
      description: 'One or more notifications, shown or waiting.',
      on: {
        'notify.enqueue': [
          {
            guard: 'duplicate',
            description:
              'The notice on show was raised again (the same one, or the same words where repeats are left out); it was left out.',
          },
          {
            actions: ['add', 'settle'],
            description: 'Another notice was raised; it shows, or waits for room.',
          },
        ],
        'notify.close': {
          guard: 'shown',
          actions: ['close', 'settle'],
          description: 'Its close button was pressed.',
        },
        'notify.exited': [
          {
            guard: 'lastOne',
            target: 'empty',
            actions: 'forget',
            description: 'The last one finished leaving.',
          },
          {
            actions: ['forget', 'settle'],
            description: 'One finished leaving; a waiting one may show.',
          },
        ],
        'notify.blur': {
          actions: 'forward',
          description: 'The window lost focus: timers pause.',
        },
        'notify.focus': {
          actions: 'forward',
          description: 'The window regained focus: timers restart at half.',
        },
      },
    },
  },
})

export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>
export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>
