import { ErrorCode } from '../../../../schema/errors'
import { isApiError } from '../../../data/api/ApiError'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

const EXCEPTION = 'An Error Occurred. Try Again.'

/** True when the server refused the account password that enabling asks for. */
export const isWrongPassword = (error: unknown): boolean =>
  isApiError(error) && error.code === ErrorCode.oldPasswordWrong

/**
 * SPEC.md §8 'Biometric enabling failure': an error alert with the failure text — the server's
 * message, or what the browser said about its passkey prompt.
 */
export function biometricFailureText(error: unknown): string {
  if (isApiError(error)) return error.network ? `${error.message} Try Again.` : error.message
  if (error instanceof Error && error.message) return error.message
  return EXCEPTION
}

/**
 * The switch's notifications, with the failure text as the reason; a wrong password stays in the
 * dialog and a cancelled browser prompt is not news.
 */
export const biometricNotices = {
  notChecked: (reason: string | null) => failed('Biometric Login could not be checked', reason),
  on: succeeded('Biometric Login is on for this device'),
  notOn: (reason: string | null) => failed('Biometric Login was not turned on', reason),
  off: succeeded('Biometric Login is off; your passkeys were removed'),
  notOff: (reason: string | null) => failed('Biometric Login was not turned off', reason),
}
