import { ErrorCode } from '../../../../schema/errors'
import { isApiError } from '../../../data/api/ApiError'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

/** What the dialog says when a revoke fails (SPEC.md §8 generic wording where nothing fits better). */
export function revokeFailureText(error: unknown): string {
  if (!isApiError(error)) return 'An Error Occurred. Try Again.'
  if (error.code === ErrorCode.forbidden) return 'You are not allowed to revoke sessions.'
  if (error.code === ErrorCode.notFound) return 'This session has already ended.'
  if (error.network) return 'The server could not be reached. Try Again.'
  return 'An Error Occurred. Try Again.'
}

/** The notices of a revoke (SPEC.md §4 'Notifications'), naming whose session it was. */
export const revokedNotice = (name: string) => succeeded(`Session of ${name} revoked`)
export const notRevokedNotice = (name: string, reason: string | null) =>
  failed(`Session of ${name} not revoked`, reason)
