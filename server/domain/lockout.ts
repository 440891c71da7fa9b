/** The lockout rule's numbers (LOCKOUT_* in the configuration; docs/server-security.md). */
export interface LockoutRule {
  /** Guesses (wrong passwords and codes) in a row that lock what they were made from. */
  threshold: number
  /** Length of the first temporary lock; each further one in a row doubles it. */
  waitMinutes: number
  /** Temporary locks in a row after which the next one is permanent; 0: never (the default). */
  permanentAfter: number
}

/** No temporary lock lasts longer than a day, whatever the doubling reaches. */
export const MAX_LOCK_MINUTES = 24 * 60

/**
 * A counter nobody guessed at for this long starts again, locks in a row included: a stranger who
 * comes back the next day starts at the first wait, and quiet rows can be purged.
 */
export const COUNT_FORGOTTEN_AFTER_MS = 24 * 60 * 60_000

/**
 * A counter full of guesses still being checked, with no lock after this long, lost them (a process
 * stopped mid-check): its next guess starts a new count instead of waiting for answers that will
 * never come. Far longer than any check takes.
 */
export const STUCK_GUESSES_AFTER_MS = 60_000

/** Minutes the `lockouts`-th temporary lock in a row lasts: wait, 2×wait, 4×wait… up to a day. */
export const lockMinutes = (lockouts: number, waitMinutes: number): number =>
  Math.min(MAX_LOCK_MINUTES, waitMinutes * 2 ** Math.max(0, lockouts - 1))

/**
 * Whether the `lockouts`-th lock in a row of an account's unknown devices is the permanent one:
 * only when the operator opted in (LOCKOUT_PERMANENT_AFTER > 0, which lets a stranger deny the
 * owner service), after that many temporary ones.
 */
export const isPermanentLock = (lockouts: number, rule: LockoutRule): boolean =>
  rule.permanentAfter > 0 && lockouts > rule.permanentAfter

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

/** The answer to the wrong password re-check that ends its session. */
export const RECHECK_SIGNED_OUT_MESSAGE =
  'Too many wrong passwords: you have been signed out. Sign in again.'

/** What the owner is told when wrong password re-checks ended one of their sessions. */
export function recheckSignOutNotice(ip: string, at: Date) {
  return {
    subject: 'A Gatehouse session of yours was signed out',
    text:
      `One of your Gatehouse sessions (from the address ${ip}) entered a wrong password too many ` +
      `times while changing your account, and was signed out at ${at.toISOString()}. ` +
      'If this was you, sign in again. If it was not, someone used your unlocked console: ' +
      'change your password and tell your administrator.',
  }
}
