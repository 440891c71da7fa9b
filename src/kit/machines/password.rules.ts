import { MESSAGES, normalizeUsername } from '../../../schema/rules'
import { RESET_EMAIL_MISMATCH, RESET_PASSWORDS_DIFFER } from './password.messages'

/**
 * The reset form's Email must be the address the link was sent to (SPEC.md §5), compared as the
 * server compares them (schema/rules.ts's normalizeUsername).
 */
export function validateResetEmail(value: string, onFile: string): string | undefined {
  if (normalizeUsername(value) === '') return MESSAGES.required
  return normalizeUsername(value) === normalizeUsername(onFile) ? undefined : RESET_EMAIL_MISMATCH
}

/** The change form's Repeat New Password: 'Passwords must match' (SPEC.md §5). */
export function validateRepeat(value: string, password: string): string | undefined {
  if (value === '') return MESSAGES.required
  return value === password ? undefined : MESSAGES.passwordsMatch
}

/** The reset form's Repeat New Password, with the reset screen's own words (SPEC.md §5). */
export function validateResetRepeat(value: string, password: string): string | undefined {
  if (value === '') return MESSAGES.required
  return value === password ? undefined : RESET_PASSWORDS_DIFFER
}

/** The fields of a form that sets a new password, typed twice, and its last failure's message. */
export type NewPasswordFields = {
  password: string
  repeat: string
  /** The message of the last failure, shown until the next attempt. */
  error: string | null
}
