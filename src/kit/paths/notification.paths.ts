import {
  NOTIFICATION_TIMING,
  notificationMachine,
  type NotificationEvent,
  type NotificationSnapshot,
  type ResolvedNotification,
} from '../machines/notification.machine'
import { definePaths, type PathsModel } from '../../flows/model'

/** A success notice that hides by itself, or a warning kept until closed. */
export const item = (persist: boolean): ResolvedNotification => ({
  key: persist ? 'kept' : 'saved',
  message: persist ? 'Kept until closed' : 'Your name was saved',
  variant: persist ? 'warning' : 'success',
  persist,
  preventDuplicate: false,
  autoHideDuration: NOTIFICATION_TIMING.autoHide,
  anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
})

const events = [
  { type: 'notification.show' },
  { type: 'notification.pause' },
  { type: 'notification.resume' },
  { type: 'notification.close' },
  { type: 'xstate.after.enter.notification.open' },
  { type: 'xstate.after.autoHide.notification.entered.running' },
  { type: 'xstate.after.exit.notification.closing.leaving' },
  { type: 'xstate.after.collapse.notification.closing.collapsing' },
] as unknown as NotificationEvent[]

function shows(s: NotificationSnapshot): string {
  const card = `The card “${s.context.item.message}” with its close button`
  if (s.matches('queued')) return 'Not shown yet: three others are on screen'
  if (s.matches('open')) return `${card}, fading in`
  if (s.matches('entered')) return card
  if (s.matches({ closing: 'leaving' })) return `${card}, fading out`
  if (s.matches({ closing: 'collapsing' })) return 'The card is gone; its space closes'
  return 'No card'
}

const modelFor = (persist: boolean) =>
  definePaths({
    name: persist ? 'A notification kept until closed' : 'A notification that hides by itself',
    machine: notificationMachine,
    events,
    input: { item: item(persist) },
    shows,
  })

/** One model per kind of item: whether it hides by itself is fixed when it is created. */
export const notificationPaths: {
  persist: boolean
  model: PathsModel<typeof notificationMachine>
}[] = [false, true].map((persist) => ({ persist, model: modelFor(persist) }))

export const models = notificationPaths.map(({ model }) => model)
