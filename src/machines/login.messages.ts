import { defaultErrorMessage, ErrorCode } from '../../schema/errors'
import { isApiError } from '../data/api/ApiError'

/** SPEC.md §8: anything that is not an answer from the server. */
export const EXCEPTION_MESSAGE = 'An Error Occurred. Try Again.'
const INCORRECT_LOGIN = 'Incorrect Login. Try Again.'
const INCORRECT_CODE = 'Incorrect Code. Try Again.'
const LOCKED = defaultErrorMessage[ErrorCode.accountLocked]
const DISABLED = defaultErrorMessage[ErrorCode.accountDisabled]

// Both steps share the locked, disabled and throttled answers: a lockout can begin on a wrong code,
// staff may turn an account off between the two steps, and the throttle message carries the retry
// time only the server knows.
function sharedMessage(error: unknown): string | undefined {
  if (!isApiError(error) || error.network) return EXCEPTION_MESSAGE
  if (error.code === ErrorCode.accountLocked) return LOCKED
  if (error.code === ErrorCode.accountDisabled) return DISABLED
  if (error.code === ErrorCode.throttled) return error.message
  return undefined
}

/** What the login screen says when the username and password step fails (SPEC.md §8). */
export function signInFailureMessage(error: unknown): string {
  return sharedMessage(error) ?? INCORRECT_LOGIN
}

/** What the two-factor step says when the code is refused (SPEC.md §8). */
export function verifyFailureMessage(error: unknown): string {
  return sharedMessage(error) ?? INCORRECT_CODE
}
