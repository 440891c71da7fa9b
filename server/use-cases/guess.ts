import { createHash } from 'node:crypto'
import { ErrorCode } from '../../schema/errors'
import type { UserRow } from '../db/schema/users'
import type { SignInCounterRow } from '../db/schema/sign-in-guards'
import {
  COUNT_FORGOTTEN_AFTER_MS,
  isPermanentLock,
  lockMinutes,
  type LockoutRule,
  RECHECK_SIGNED_OUT_MESSAGE,
  recheckSignOutNotice,
  STUCK_GUESSES_AFTER_MS,
  UNLOCK_NOTICE,
} from '../domain/lockout'
import { ApiError } from '../errors'
import { type AuditAction, AuditAction as Actions, recordAudit } from '../repos/audit'
import { deleteSession } from '../repos/sessions'
import {
  clearCounter,
  giveBackGuess,
  lockIfFull,
  readCounter,
  takeGuess as takeCounterGuess,
} from '../repos/sign-in-counters'
import { clearWindow, giveBackWindowSlot, takeWindowSlot } from '../repos/throttle-windows'
import { updateUser } from '../repos/users'
import { temporarilyLocked } from './account-lock'
import type { UseCaseContext } from './context'
import { takeAddressSlot } from './throttle'

/** Who guesses at a secret, and from where (docs/server-security.md, Lockout). */
export interface Guesser {
  /** The account guessed at; absent for a username with no account (then `username`). */
  user?: UserRow
  username?: string
  /** The known device of `user` the request came from (use-cases/known-device.ts). */
  deviceId?: string
  /** A password re-check in this console session: its wrong guesses also end the session. */
  sessionId?: string
}

/** How a failed check is recorded: the caller's audit action and what it adds. */
export interface Refusal {
  action: AuditAction
  code: ErrorCode
  message?: string
  actorUserId?: string
  detail?: Record<string, unknown>
}

/** A guess taken before the secret is checked; it is given back, or counted as wrong. */
export interface Guess {
  /**
   * The secret was right. `ended`: the run of failures ends (a sign-in completed, a re-check
   * passed); otherwise the sign-in goes on to another step, and only this guess is given back.
   */
  right(options: { ended: boolean }): Promise<void>
  /** The check was not made after all (a disabled account): nothing is counted. */
  giveBack(): Promise<void>
  /** The secret was wrong: counted, audited, perhaps a lock; answers the refusal to throw. */
  wrong(refusal: Refusal): Promise<ApiError>
}

/** A username with no account counts like an account: its own counter, named by its hash. */
export const nobodySubject = (username: string) => {
  const hex = createHash('sha256').update(username).digest('hex')
  return `nobody:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

export const subjectOf = (guesser: Guesser): string =>
  guesser.user
    ? guesser.deviceId
      ? `device:${guesser.deviceId}`
      : `user:${guesser.user.id}`
    : nobodySubject(guesser.username ?? '')

const ruleOf = (ctx: UseCaseContext): LockoutRule => ({
  threshold: ctx.config.lockoutThreshold,
  waitMinutes: ctx.config.lockoutWaitMinutes,
  permanentAfter: ctx.config.lockoutPermanentAfter,
})

/** What the audit rows of a guess say of it: which device, or which unknown username. */
const detailOf = (guesser: Guesser): Record<string, unknown> =>
  guesser.user
    ? { device: guesser.deviceId ? 'known' : 'unknown' }
    : guesser.username
      ? { username: guesser.username }
      : {}

async function refuse(
  ctx: UseCaseContext,
  guesser: Guesser,
  action: AuditAction,
  reason: string,
  error: ApiError,
) {
  await recordAudit(ctx.db, ctx.client, {
    action,
    outcome: 'refused',
    subjectUserId: guesser.user?.id ?? null,
    detail: { ...detailOf(guesser), reason },
  })
  return error
}

/**
 * Takes a guess for `guesser` before its secret is checked: a slot of the address throttle, of the
 * session's re-checks, and of the counter the guess counts against (the account's unknown devices,
 * one known device, or an unknown username's), each in one atomic statement. When any is used up
 * the request is refused (823 with the wait) and nothing is checked, so no burst can have more
 * than LOCKOUT_THRESHOLD checked per lock, or THROTTLE_MAX_FAILURES per address and window.
 */
export async function takeGuess(
  ctx: UseCaseContext,
  guesser: Guesser,
  action: AuditAction,
): Promise<Guess> {
  const now = new Date()
  const rule = ruleOf(ctx)
  const giveBackAddress = await takeAddressSlot(ctx, action, {
    subjectUserId: guesser.user?.id ?? null,
    detail: detailOf(guesser),
  })

  const sessionKey = guesser.sessionId ? `session:${guesser.sessionId}` : undefined
  let session: { windowStart: Date; attempts: number } | undefined
  if (sessionKey) {
    const taken = await takeWindowSlot(
      ctx.db,
      sessionKey,
      now,
      rule.threshold,
      ctx.config.sessionMaxHours * 3600,
    )
    if (!taken.taken) {
      await giveBackAddress()
      throw await refuse(
        ctx,
        guesser,
        action,
        'session signed out',
        new ApiError(ErrorCode.notSignedIn, RECHECK_SIGNED_OUT_MESSAGE),
      )
    }
    session = taken
  }
  const giveBackSession = async () => {
    if (sessionKey && session) await giveBackWindowSlot(ctx.db, sessionKey, session.windowStart)
  }

  const subject = subjectOf(guesser)
  const counter = await takeCounterGuess(
    ctx.db,
    subject,
    {
      now,
      forgetBefore: new Date(now.getTime() - COUNT_FORGOTTEN_AFTER_MS),
      stuckBefore: new Date(now.getTime() - STUCK_GUESSES_AFTER_MS),
    },
    rule.threshold,
  )
  if (!counter) {
    await giveBackAddress()
    await giveBackSession()
    const current = await readCounter(ctx.db, subject)
    throw await refuse(ctx, guesser, action, 'locked for a while', lockedAnswer(current, rule, now))
  }

  return {
    async right({ ended }) {
      await giveBackAddress()
      if (sessionKey) await clearWindow(ctx.db, sessionKey)
      if (!ended) return giveBackGuess(ctx.db, subject)
      await clearCounter(ctx.db, subject)
      // A lock the account's row still shows has ended, or this guess would have been refused.
      const { user, deviceId } = guesser
      if (user?.lockedUntil && !deviceId) await updateUser(ctx.db, user.id, { lockedUntil: null })
    },
    async giveBack() {
      await giveBackAddress()
      await giveBackSession()
      await giveBackGuess(ctx.db, subject)
    },
    wrong: (refusal) => countWrong(ctx, guesser, subject, counter, session, refusal),
  }
}

/** 823 with the wait: the lock's rest, or (checks still running) the lock they are about to start. */
function lockedAnswer(counter: SignInCounterRow | undefined, rule: LockoutRule, now: Date) {
  const until =
    counter?.lockedUntil && counter.lockedUntil > now
      ? counter.lockedUntil
      : new Date(
          now.getTime() + lockMinutes((counter?.lockoutCount ?? 0) + 1, rule.waitMinutes) * 60_000,
        )
  return temporarilyLocked(until, now)
}

type Outcome =
  | { kind: 'wrong' }
  | { kind: 'locked'; until: Date }
  | { kind: 'permanent' }
  | { kind: 'signedOut' }

async function countWrong(
  ctx: UseCaseContext,
  guesser: Guesser,
  subject: string,
  counter: SignInCounterRow,
  session: { attempts: number } | undefined,
  refusal: Refusal,
): Promise<ApiError> {
  const now = new Date()
  const rule = ruleOf(ctx)
  const { user } = guesser
  const messages: string[] = []
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    await recordAudit(tx, ctx.client, {
      action: refusal.action,
      outcome: 'failure',
      actorUserId: refusal.actorUserId ?? null,
      subjectUserId: user?.id ?? null,
      detail: {
        ...refusal.detail,
        ...detailOf(guesser),
        failedAttempts: counter.failedAttempts,
      },
    })
    const locked = await lockIfFull(tx, subject, now, rule, true)
    let result: Outcome = { kind: 'wrong' }
    if (locked?.lockedUntil && user) {
      const permanent = !guesser.deviceId && isPermanentLock(locked.lockoutCount, rule)
      if (permanent) {
        await updateUser(tx, user.id, { lockedAt: now, lockedUntil: null })
        await recordAudit(tx, ctx.client, {
          action: Actions.lockout,
          outcome: 'success',
          subjectUserId: user.id,
          detail: { failedAttempts: rule.threshold, lockouts: locked.lockoutCount - 1 },
        })
        messages.push(
          await ctx.outbox.enqueue(tx, { channel: 'email', to: user.email, ...UNLOCK_NOTICE }),
        )
        result = { kind: 'permanent' }
      } else {
        // The account's row shows the unknown devices' lock to staff; a device's lock is its own.
        if (!guesser.deviceId) await updateUser(tx, user.id, { lockedUntil: locked.lockedUntil })
        await recordAudit(tx, ctx.client, {
          action: Actions.temporaryLockout,
          outcome: 'success',
          subjectUserId: user.id,
          detail: {
            ...detailOf(guesser),
            ...(guesser.deviceId ? { deviceId: guesser.deviceId } : {}),
            failedAttempts: rule.threshold,
            lockouts: locked.lockoutCount,
            until: locked.lockedUntil.toISOString(),
          },
        })
        result = { kind: 'locked', until: locked.lockedUntil }
      }
    } else if (locked?.lockedUntil) {
      result = { kind: 'locked', until: locked.lockedUntil }
    }
    if (user && guesser.sessionId && session && session.attempts >= rule.threshold) {
      await deleteSession(tx, guesser.sessionId)
      await recordAudit(tx, ctx.client, {
        action: Actions.sessionRevoked,
        outcome: 'success',
        subjectUserId: user.id,
        detail: { sessionId: guesser.sessionId, reason: 'wrong passwords' },
      })
      const notice = recheckSignOutNotice(ctx.client.ip, now)
      messages.push(await ctx.outbox.enqueue(tx, { channel: 'email', to: user.email, ...notice }))
      result = { kind: 'signedOut' }
    }
    return result
  })
  if (messages.length) await ctx.outbox.deliverNow(messages)
  switch (outcome.kind) {
    case 'signedOut':
      return new ApiError(ErrorCode.notSignedIn, RECHECK_SIGNED_OUT_MESSAGE)
    case 'permanent':
      return new ApiError(ErrorCode.accountLocked)
    case 'locked':
      return temporarilyLocked(outcome.until, now)
    case 'wrong':
      return new ApiError(refusal.code, refusal.message)
  }
}
