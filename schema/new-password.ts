/**
 * The policy for a new password (SPEC.md §5), with the common-password list. Apart from the other
 * field rules (rules.ts) because the list weighs 34 KB: the sign-in page needs none of it
 * (docs/console-first-load.md).
 */

import { isCommonPassword } from './common-passwords'
import { LIMITS, MESSAGES } from './rules'

/** How passwordPolicyFailures words a password found in the common-password list (after "it needs"). */
export const COMMON_PASSWORD_FAILURE =
  'to be less common (it is one of the most commonly used passwords)'

/** The rules a new password breaks, as words for a message; empty when it meets the policy. */
export function passwordPolicyFailures(value: string): string[] {
  const broken: string[] = []
  if (value.length < LIMITS.passwordMin) broken.push('at least 8 characters')
  if (value.length > LIMITS.passwordMax) broken.push('at most 64 characters')
  if (!/[a-z]/.test(value)) broken.push('a lowercase letter')
  if (!/[A-Z]/.test(value)) broken.push('an uppercase letter')
  if (!/\d/.test(value)) broken.push('a number')
  if (!/[^A-Za-z0-9]/.test(value)) broken.push('a special character')
  if (isCommonPassword(value)) broken.push(COMMON_PASSWORD_FAILURE)
  return broken
}

/**
 * The new-password field: SPEC.md §5's messages in their order, and only then the common-password
 * refusal, so a password that breaks a character rule still shows the SPEC message.
 */
export function validateNewPassword(value: string): string | undefined {
  if (value === '') return MESSAGES.required
  if (value.length < LIMITS.passwordMin) return MESSAGES.passwordMin
  if (value.length > LIMITS.passwordMax) return MESSAGES.passwordMax
  const broken = passwordPolicyFailures(value)
  if (broken.some((rule) => rule !== COMMON_PASSWORD_FAILURE)) return MESSAGES.passwordPolicy
  return broken.length > 0 ? MESSAGES.passwordCommon : undefined
}
