import { ErrorCode } from '../../../schema/errors'
import { isApiError } from '../../data/api/ApiError'
import { failed, succeeded } from './notification.messages'

/** SPEC.md §8: any password failure without a message of its own, and network errors. */
export const PASSWORD_EXCEPTION = 'An Error Occurred. Try Again.'
/** SPEC.md §8: change or reset with a recently used password (code 807). */
export const RECENTLY_USED =
  'The new password you entered is the same as an old password. Enter a different password.'
/** Code 805: the change form's Old Password is wrong. */
export const OLD_PASSWORD_WRONG = 'The old password is not correct.'
/** SPEC.md §4 'Password change': the success message. */
export const PASSWORD_CHANGED = 'Your password has been changed'
/** SPEC.md §8: the reset link is unknown, used or older than an hour (code 804). */
export const RESET_LINK_EXPIRED = 'Password reset link has expired.'
export const RESET_LINK_SENT = 'A password reset link was sent'
export const RESET_EMAIL_MISMATCH = 'Does not match email address on file'
export const RESET_PASSWORDS_DIFFER = 'The passwords entered do not match.'

const codeOf = (error: unknown) =>
  isApiError(error) && !error.network ? error.code : ErrorCode.generic

// 806 lists the rules the password breaks; only the server knows them all (a common-password
// list, say), so its words are worth more than the generic message.
function newPasswordMessage(error: unknown): string | undefined {
  if (codeOf(error) === ErrorCode.passwordRecentlyUsed) return RECENTLY_USED
  if (codeOf(error) === ErrorCode.passwordPolicy && isApiError(error)) return error.message
  return undefined
}

/**
 * What the change form says when the server refuses (SPEC.md §8). The Old Password is a re-check
 * that counts like a sign-in, so a locked account or address (823) says when to try again.
 */
export function changeFailureMessage(error: unknown): string {
  if (codeOf(error) === ErrorCode.oldPasswordWrong) return OLD_PASSWORD_WRONG
  if (codeOf(error) === ErrorCode.throttled && isApiError(error)) return error.message
  return newPasswordMessage(error) ?? PASSWORD_EXCEPTION
}

/** What the reset form says when saving fails; an expired link (804) leaves the form instead. */
export function resetFailureMessage(error: unknown): string {
  return newPasswordMessage(error) ?? PASSWORD_EXCEPTION
}

/** The forgot-password alert on failure; a throttled client reads when to retry (823). */
export function forgotFailureMessage(error: unknown): string {
  if (codeOf(error) === ErrorCode.throttled && isApiError(error)) return error.message
  return PASSWORD_EXCEPTION
}

export const isExpiredLink = (error: unknown): boolean =>
  codeOf(error) === ErrorCode.resetLinkInvalid

/**
 * The password flows' notifications. The change's success is also one: it stays in view when the
 * screen moves on after five seconds; the reset's form gives way to the sign-in at once.
 */
export const passwordNotices = {
  changed: succeeded(PASSWORD_CHANGED),
  notChanged: (reason: string | null) => failed('Your password was not changed', reason),
  notReset: (reason: string | null) => failed('Your password was not reset', reason),
}
