import type { NotificationItem } from '../machines/notification.machine'
import {
  notificationsMachine,
  type NotificationsEvent,
  type NotificationsSnapshot,
} from '../machines/notifications.machine'
import { definePaths } from '../../flows/model'

/** Four notifications in the order they arrive (c persists). */
export const ITEMS: NotificationItem[] = [
  { key: 'a', message: 'Your name was saved', variant: 'success' },
  { key: 'b', message: 'Your email was saved', variant: 'success' },
  { key: 'c', message: 'The logo could not be read', variant: 'error', persist: true },
  { key: 'd', message: 'Your phone was saved', variant: 'info' },
]
/** One that repeats a's message, asking not to be shown twice. */
export const DUPLICATE: NotificationItem = {
  key: 'a2',
  message: 'Your name was saved',
  variant: 'success',
  preventDuplicate: true,
}

// Each path adds a, b, c, d in that order (nextId counts them), closes shown ones, and lets closing
// ones leave; the duplicate is offered while a is there.
function events(snapshot: NotificationsSnapshot): NotificationsEvent[] {
  const { entries, nextId } = snapshot.context
  const next = ITEMS[nextId - 1]
  return [
    ...(next ? [{ type: 'notify.enqueue' as const, item: next }] : []),
    ...(entries.some((entry) => entry.key === 'a')
      ? [{ type: 'notify.enqueue' as const, item: DUPLICATE }]
      : []),
    ...entries
      .filter((entry) => entry.status === 'shown')
      .map((entry) => ({ type: 'notify.close' as const, key: entry.key })),
    ...entries
      .filter((entry) => entry.status === 'closing')
      .map((entry) => ({ type: 'notify.exited' as const, key: entry.key })),
    { type: 'notify.blur' as const },
    { type: 'notify.focus' as const },
  ]
}

// A refused duplicate, blur and focus leave the stack as it is, so no shortest path takes them:
// this one does.
const selfLoops: NotificationsEvent[] = [
  { type: 'notify.enqueue', item: ITEMS[0]! },
  { type: 'notify.enqueue', item: ITEMS[2]! },
  { type: 'notify.enqueue', item: DUPLICATE },
  { type: 'notify.blur' },
  { type: 'notify.focus' },
]

const phrases = { shown: 'shown', closing: 'leaving', queued: 'waiting for room' }

export const notificationsPaths = definePaths({
  name: 'The notification stack',
  machine: notificationsMachine,
  events,
  // Without a payload of ours (the graph offers every handled type bare), an event is left out.
  filterEvents: (_, event) =>
    'item' in event || 'key' in event || ['notify.blur', 'notify.focus'].includes(event.type),
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  select: (paths, testModel) => [...paths, ...testModel.getPathsFromEvents(selfLoops, {})],
  // Which notice the step is about, after the step's words.
  detail: (event) => {
    if ('item' in event) return `(“${event.item.message}”)`
    if ('key' in event)
      return `(“${[...ITEMS, DUPLICATE].find((i) => i.key === event.key)?.message ?? event.key}”)`
    return undefined
  },
  shows: (s) =>
    s.context.entries.length
      ? s.context.entries.map((e) => `“${e.message}” ${phrases[e.status]}`).join('; ')
      : 'No notification',
})

export const models = [notificationsPaths]
