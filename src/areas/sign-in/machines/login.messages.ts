import { defaultErrorMessage, ErrorCode } from '../../../../schema/errors'
import { RECOVERY_CODE_PATTERN } from '../../../../schema/factor-codes'
import type { SecondFactorMethod } from '../../../../schema/factors'
import { MESSAGES, validateSecurityCode } from '../../../../schema/rules'
import { isApiError } from '../../../data/api/ApiError'

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

/**
 * When the second step cannot go on (no more text messages, the sign-in expired): the server's
 * sentence says why.
 */
export function stepFailureMessage(error: unknown): string {
  const shared = sharedMessage(error)
  if (shared) return shared
  return isApiError(error) ? error.message : EXCEPTION_MESSAGE
}

/** The step's field for each factor: its label, and the line above it. */
export const METHOD_TEXT: Record<
  SecondFactorMethod,
  { prompt: string; label: string; use: string; hint: string }
> = {
  // SPEC.md §2 'Login', word for word; the hint is SPEC.md §9's length.
  sms: {
    prompt: 'Please enter the security code.',
    label: 'Security Code',
    use: 'Text message',
    hint: '6 digits',
  },
  totp: {
    prompt: 'Enter the 6-digit code from your authenticator app.',
    label: 'Authenticator Code',
    use: 'Authenticator app',
    hint: '6 digits',
  },
  recovery: {
    prompt: 'Enter one of the recovery codes you saved when you set up your second factor.',
    label: 'Recovery Code',
    use: 'Recovery code',
    hint: '10 letters and digits, like 7KQ2M-XR9DF',
  },
}

/**
 * Under SPEC.md's 'Please enter the security code.': where the text went, masked by the server
 * ('(•••) ••• - 0124'), and whether it is a new one ("Resend code").
 */
export function textSentLine(destination: string | null, resent: boolean): string {
  const code = resent ? 'a new 6-digit code' : 'a 6-digit code'
  return `We sent ${code} by text message to ${destination ?? 'your phone'}.`
}

export const RECOVERY_CODE_MESSAGE = 'Must look like 7KQ2M-XR9DF'
const recoveryCode = new RegExp(RECOVERY_CODE_PATTERN)

/** The code field's rule for the factor asked: six characters, or a recovery code. */
export function validateStepCode(method: SecondFactorMethod, code: string): string | undefined {
  if (method !== 'recovery') return validateSecurityCode(code)
  if (code === '') return MESSAGES.required
  return recoveryCode.test(code) ? undefined : RECOVERY_CODE_MESSAGE
}

/** An authenticator app's code: six digits. */
export function validateEnrolmentCode(code: string): string | undefined {
  if (code === '') return MESSAGES.required
  return /^\d{6}$/.test(code) ? undefined : 'Must be 6 digits'
}
