import type { UserRow } from '../db/schema/users'
import { AMR } from '../domain/second-factors'
import { newSessionTimes } from '../domain/session-times'
import { newToken } from '../domain/tokens'
import { type AuditAction, recordAudit } from '../repos/audit'
import { deleteSession, insertSession } from '../repos/sessions'
import { updateUser } from '../repos/users'
import type { UseCaseContext } from './context'
import { rememberDevice } from './known-device'

export interface OpenedSession {
  userId: string
  /** The cookie value; only its hash is stored. */
  token: string
  absoluteExpires: Date
  /** The session this sign-in ended because its cookie was the one being replaced. */
  replacedSessionId?: string
  /** The device cookie's new value: this browser is now a known device of the account. */
  deviceCookie: string
}

/**
 * Completes a sign-in: a new session with a fresh token (never reusing one the client brought),
 * the session the client's cookie named ended (the cookie is about to be replaced, so nothing
 * could use it again), last login set, the browser made (or kept) a known device of the account
 * (`deviceId`: the one it already is), and the success audited with the session's id and anything
 * the caller adds (a passkey sign-in says so: `{method: 'passkey'}`). The counters of failures were
 * settled by the caller's guess (use-cases/guess.ts).
 */
export async function openSession(
  ctx: UseCaseContext,
  user: UserRow,
  action: AuditAction,
  options: { deviceId?: string; amr?: readonly string[]; detail?: Record<string, unknown> } = {},
): Promise<OpenedSession> {
  const now = new Date()
  const deviceCookie = await rememberDevice(ctx, user.id, options.deviceId, now)
  const { token, hash } = newToken()
  const times = newSessionTimes(now, ctx.config)
  const replacedSessionId = ctx.priorSessionId
  await ctx.db.transaction(async (tx) => {
    if (replacedSessionId) await deleteSession(tx, replacedSessionId)
    const session = await insertSession(tx, {
      tokenHash: hash,
      userId: user.id,
      ip: ctx.client.ip,
      userAgent: ctx.client.userAgent,
      amr: [...(options.amr ?? AMR.password)],
      createdAt: now,
      ...times,
    })
    await updateUser(tx, user.id, { lastLogin: now })
    await recordAudit(
      tx,
      ctx.client,
      {
        action,
        outcome: 'success',
        subjectUserId: user.id,
        detail: {
          ...options.detail,
          device: options.deviceId ? 'known' : 'new',
          amr: [...(options.amr ?? AMR.password)],
          sessionId: session.id,
          ...(replacedSessionId ? { replacedSessionId } : {}),
        },
      },
      now,
    )
  })
  return {
    userId: user.id,
    token,
    absoluteExpires: times.absoluteExpires,
    replacedSessionId,
    deviceCookie,
  }
}
