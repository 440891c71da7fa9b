import type { BulkResults } from '../../../../schema/users'
import { isApiError } from '../../../data/api/ApiError'
import { failed, succeeded } from '../../../kit/machines/notification.messages'
import type { UserBulkAction } from './userBulk.actions'

const users = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`

/** The button (and confirm button) naming each bulk action. */
export const BULK_LABEL: Record<UserBulkAction, string> = {
  lock: 'Lock',
  unlock: 'Unlock',
  'revoke-sessions': 'Revoke sessions',
  'require-password-change': 'Require password change',
  disable: 'Disable',
  enable: 'Enable',
  'add-to-group': 'Add to group',
  'remove-from-group': 'Remove from group',
}

/** The confirmation's title, naming the count: 'Lock 1 user?', 'Revoke sessions of 3 users?'. */
export function bulkTitle(action: UserBulkAction, n: number): string {
  switch (action) {
    case 'add-to-group':
      return `Add ${users(n)} to a group`
    case 'remove-from-group':
      return `Remove ${users(n)} from a group`
    case 'revoke-sessions':
      return `Revoke sessions of ${users(n)}?`
    case 'require-password-change':
      return `Require a password change of ${users(n)}?`
    default:
      return `${BULK_LABEL[action]} ${users(n)}?`
  }
}

/**
 * What the action did: 'Locked 3 users.', 'Revoked the sessions of 3 users.', 'Added 2 users to
 * Pharmacy staff.' (`group` names the group of a group action).
 */
export function bulkDoneText(action: UserBulkAction, n: number, group = 'the group'): string {
  switch (action) {
    case 'add-to-group':
      return `Added ${users(n)} to ${group}.`
    case 'remove-from-group':
      return `Removed ${users(n)} from ${group}.`
    case 'lock':
      return `Locked ${users(n)}.`
    case 'unlock':
      return `Unlocked ${users(n)}.`
    case 'disable':
      return `Disabled ${users(n)}.`
    case 'enable':
      return `Enabled ${users(n)}.`
    case 'revoke-sessions':
      return `Revoked the sessions of ${users(n)}.`
    case 'require-password-change':
      return `Required a password change of ${users(n)}.`
  }
}

/** What was refused and why: '2 refused: your own account; the last active administrator.' */
export function bulkRefusedText(refused: BulkResults['refused']): string | null {
  if (refused.length === 0) return null
  const reasons = [...new Set(refused.map((item) => item.reason))]
  return `${refused.length} refused: ${reasons.join('; ')}.`
}

export const bulkDoneNotice = (action: UserBulkAction, results: BulkResults, group?: string) =>
  results.done.length > 0 || results.refused.length === 0
    ? succeeded(bulkDoneText(action, results.done.length, group))
    : null

export const bulkRefusedNotice = (results: BulkResults) => {
  const text = bulkRefusedText(results.refused)
  return text ? failed(text) : null
}

/** Why the whole call failed, for the dialog and the notice. */
export function bulkFailureText(error: unknown): string {
  if (!isApiError(error)) return 'An Error Occurred. Try Again.'
  if (error.network) return 'The server could not be reached. Try Again.'
  return error.message || 'An Error Occurred. Try Again.'
}

export const bulkFailedNotice = (action: UserBulkAction, reason: string) =>
  failed(`${BULK_LABEL[action]} failed`, reason)
