import type { UserRow } from '../db/schema/users'
import { newSessionTimes } from '../domain/session-times'
import { newToken } from '../domain/tokens'
import { type AuditAction, recordAudit } from '../repos/audit'
import { deleteSession, insertSession } from '../repos/sessions'
import { updateUser } from '../repos/users'
import type { UseCaseContext } from './context'

export interface OpenedSession {
  userId: string
  /** The cookie value; only its hash is stored. */
  token: string
  absoluteExpires: Date
  /** The session this sign-in ended because its cookie was the one being replaced. */
  replacedSessionId?: string
}

/**
 * Completes a sign-in: a new session with a fresh token (never reusing one the client brought),
 * the session the client's cookie named ended (the cookie is about to be replaced, so nothing
 * could use it again), the failure and temporary lock counts reset, last login set, and the success audited with the
 * session's id and anything the caller adds (a passkey sign-in says so: `{method: 'passkey'}`).
 */
export async function openSession(
  ctx: UseCaseContext,
  user: UserRow,
  action: AuditAction,
  detail: Record<string, unknown> = {},
): Promise<OpenedSession> {
  const now = new Date()
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
      createdAt: now,
      ...times,
    })
    // A completed sign-in ends the run of failures and of temporary locks.
    await updateUser(tx, user.id, {
      lastLogin: now,
      failedAttempts: 0,
      lockoutCount: 0,
      lockedUntil: null,
    })
    await recordAudit(
      tx,
      ctx.client,
      {
        action,
        outcome: 'success',
        subjectUserId: user.id,
        detail: {
          ...detail,
          sessionId: session.id,
          ...(replacedSessionId ? { replacedSessionId } : {}),
        },
      },
      now,
    )
  })
  return { userId: user.id, token, absoluteExpires: times.absoluteExpires, replacedSessionId }
}
