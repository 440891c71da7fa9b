import { MESSAGES } from '../../schema/rules'
import { RESET_EMAIL_MISMATCH, RESET_PASSWORDS_DIFFER } from './password.messages'

/** Addresses compare as the server stores them: trimmed and lowercased. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase()

/** The reset form's Email must be the address the link was sent to (SPEC.md §5). */
export function validateResetEmail(value: string, onFile: string): string | undefined {
  if (normalizeEmail(value) === '') return MESSAGES.required
  return normalizeEmail(value) === normalizeEmail(onFile) ? undefined : RESET_EMAIL_MISMATCH
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
