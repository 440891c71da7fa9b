import { isApiError } from '../../../data/api/ApiError'
import type { NotificationItem } from '../../../kit/machines/notification.machine'

/**
 * What a failed tree change says: the server's message (a refused link, a malformed import), the
 * reason a file could not be read, or SPEC.md §8's generic 'An Error Occurred. Try Again.'.
 */
export function treeFailure(error: unknown): string {
  if (isApiError(error)) {
    if (error.network) return 'The server could not be reached. Try Again.'
    if (error.message.trim() !== '') return error.message
  } else if (error instanceof Error && error.message.trim() !== '') {
    return error.message
  }
  return 'An Error Occurred. Try Again.'
}

/** A key's name as the tree shows it; a blank name is allowed (SPEC.md §5) and shows so. */
export const shownName = (name: string | undefined) =>
  name === undefined ? 'Loading…' : name.trim() === '' ? '(no name)' : name

/**
 * A key linked into the tree (a new one, or one added from Add Existing). The cache may not hold
 * the new link yet when its save answers; the notice then says so without a name.
 */
export const addedNotice = (name: string | undefined): NotificationItem => ({
  message: name === undefined ? 'The new item was added' : `${shownName(name)} was added`,
  variant: 'success',
})

/** A link removed with everything below it. */
export const removedNotice = (name: string | undefined): NotificationItem => ({
  message: `${shownName(name)} was removed`,
  variant: 'success',
})

/** A tree change that failed (a link, a reorder): the reason, as treeFailure words it. */
export const failedNotice = (message: string | null): NotificationItem | null =>
  message ? { message, variant: 'error' } : null
