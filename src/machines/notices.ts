import type { NotificationItem } from './notification.machine'

/**
 * The wording helpers of the machines' `.messages.ts` files, for `notify()` (system.ts): the same
 * shapes as views/notify/items.ts, on the machines' side of the import rule.
 */

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
