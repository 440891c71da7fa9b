/** The lockout rule's numbers (LOCKOUT_* in the configuration; docs/server-security.md). */
export interface LockoutRule {
  /** Failed sign-ins in a row that lock the account. */
  threshold: number
  /** Length of the first temporary lock; each further one in a row doubles it. */
  waitMinutes: number
  /** Temporary locks in a row after which the next one is permanent; 0: never permanent. */
  permanentAfter: number
}

/** No temporary lock lasts longer than a day, whatever the doubling reaches. */
export const MAX_LOCK_MINUTES = 24 * 60

export type LockDecision =
  { kind: 'none' } | { kind: 'temporary'; until: Date; lockouts: number } | { kind: 'permanent' }

/** Minutes the `lockouts`-th temporary lock in a row lasts: wait, 2×wait, 4×wait… up to a day. */
export const lockMinutes = (lockouts: number, waitMinutes: number): number =>
  Math.min(MAX_LOCK_MINUTES, waitMinutes * 2 ** Math.max(0, lockouts - 1))

/**
 * What a failure that brought the account's count to `failedAttempts` does, the account having had
 * `lockouts` temporary locks in a row before it. Below the threshold nothing; at it a temporary
 * lock that grows with each repeat; only after `permanentAfter` of those a lock that staff lift,
 * so that a stranger's guesses cost the owner minutes, not the account.
 */
export function lockDecision(
  failedAttempts: number,
  lockouts: number,
  now: Date,
  rule: LockoutRule,
): LockDecision {
  if (failedAttempts < rule.threshold) return { kind: 'none' }
  if (rule.permanentAfter > 0 && lockouts >= rule.permanentAfter) return { kind: 'permanent' }
  const next = lockouts + 1
  const until = new Date(now.getTime() + lockMinutes(next, rule.waitMinutes) * 60_000)
  return { kind: 'temporary', until, lockouts: next }
}

/** Seconds until a temporary lock ends (at least 1), or 0 when there is none at `now`. */
export function lockSecondsLeft(lockedUntil: Date | null, now: Date): number {
  if (!lockedUntil || lockedUntil.getTime() <= now.getTime()) return 0
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000))
}

/** The 823 message of a temporarily locked account: it says when to try again. */
export function temporaryLockMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60)
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}`
      : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
  return `Too many failed sign-in attempts for this account. Try again in ${wait}.`
}

export const UNLOCK_NOTICE = {
  subject: 'Your Gatehouse account has been locked',
  text:
    'Your Gatehouse account was locked after too many failed sign-in attempts. ' +
    'Once an administrator unlocks it you will receive an email with a link to choose a new password. ' +
    'If these attempts were not yours, tell your administrator.',
}
