import { createContext, useCallback, useContext } from 'react'
import type { NotificationItem } from '../../machines/notification.machine'
import { enqueueEvent, type NotificationsActor } from '../../machines/notifications.machine'

/** The root-level notification stack (system id 'notifications'), mounted once by App. */
export const NotificationsContext = createContext<NotificationsActor | null>(null)

/** `enqueueSnackbar(item)`: shows a notification; throws when the call has no message. */
export type EnqueueSnackbar = (item: NotificationItem) => void

/**
 * The views' way to notify: `const notify = useNotify(); notify({ message, variant })`. Outside the
 * app (a view rendered alone) the call is still checked, and shows nothing.
 */
export function useNotify(): EnqueueSnackbar {
  const stack = useContext(NotificationsContext)
  return useCallback(
    (item: NotificationItem) => {
      const event = enqueueEvent(item)
      stack?.send(event)
    },
    [stack],
  )
}
