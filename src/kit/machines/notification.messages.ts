import { isApiError } from '../../data/api/ApiError'
import type { NotificationItem } from './notification.machine'

/** A flow's success notification (SPEC.md §4 'Notifications'). */
export const succeeded = (message: string): NotificationItem => ({ message, variant: 'success' })

/**
 * A flow's failure notification: what did not happen, then why when the flow knows it (the same
 * words its inline message shows beside the form).
 */
export const failed = (what: string, reason?: string | null): NotificationItem => ({
  message: reason ? `${what}: ${reason}` : what,
  variant: 'error',
})

/**
 * What a change that failed says (SPEC.md §8 'Re-authentication failure'): the server's
 * message (a taken address, a wrong current password, a refused image), or 'an error occurred'.
 */
export function serverMessage(error: unknown): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message
  return 'an error occurred'
}
