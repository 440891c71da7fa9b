import { passwordPolicyFailures } from '../../schema/new-password'

/** How many earlier passwords (the current one included) a new password may not repeat. */
export const PASSWORD_HISTORY_SIZE = 5

/** The 806 message for a password that breaks the policy, naming each rule it breaks; else undefined. */
export function policyRefusal(password: string): string | undefined {
  const broken = passwordPolicyFailures(password)
  if (broken.length === 0) return undefined
  return `The new password does not meet the password rules: it needs ${broken.join(', ')}.`
}

/** When a password set at `changedAt` expires. */
export function passwordExpiresAt(changedAt: Date, maxAgeDays: number): Date {
  return new Date(changedAt.getTime() + maxAgeDays * 86_400_000)
}
