import { eq } from 'drizzle-orm'
import { users, type UserRow } from '../db/schema/users'
import { newSessionTimes } from '../domain/session-times'
import { newToken } from '../domain/tokens'
import { type AuditAction, recordAudit } from '../repos/audit'
import { insertSession } from '../repos/sessions'
import type { FlowContext } from './context'

export interface OpenedSession {
  userId: string
  /** The cookie value; only its hash is stored. */
  token: string
  absoluteExpires: Date
}

/**
 * Completes a sign-in: a new session with a fresh token (never reusing one the client brought),
 * the failure and temporary lock counts reset, last login set, and the success audited with the session's id and
 * anything the caller adds (a passkey sign-in says so: `{method: 'passkey'}`).
 */
export async function openSession(
  ctx: FlowContext,
  user: UserRow,
  action: AuditAction,
  detail: Record<string, unknown> = {},
): Promise<OpenedSession> {
  const now = new Date()
  const { token, hash } = newToken()
  const times = newSessionTimes(now, ctx.config)
  await ctx.db.transaction(async (tx) => {
    const session = await insertSession(tx, {
      tokenHash: hash,
      userId: user.id,
      ip: ctx.client.ip,
      userAgent: ctx.client.userAgent,
      createdAt: now,
      ...times,
    })
    // A completed sign-in ends the run of failures and of temporary locks.
    await tx
      .update(users)
      .set({ lastLogin: now, failedAttempts: 0, lockoutCount: 0, lockedUntil: null })
      .where(eq(users.id, user.id))
    await recordAudit(
      tx,
      ctx.client,
      {
        action,
        outcome: 'success',
        subjectUserId: user.id,
        detail: { ...detail, sessionId: session.id },
      },
      now,
    )
  })
  return { userId: user.id, token, absoluteExpires: times.absoluteExpires }
}
