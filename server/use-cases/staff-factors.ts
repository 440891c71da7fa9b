import type { UserFactor } from '../../schema/factors'
import type { UserRow } from '../db/schema/users'
import { FACTOR_NOTICES } from '../domain/second-factors'
import { AuditAction, recordAudit } from '../repos/audit'
import { deleteAuthenticators, findAuthenticator } from '../repos/authenticators'
import { listPasskeys } from '../repos/passkeys'
import { deleteRecoveryCodes, unusedRecoveryCodes } from '../repos/recovery-codes'
import { findUserById, findUserSeenBy, lockUsers, updateUser } from '../repos/users'
import type { UseCaseContext } from './context'
import { mayManage, internalOnly, noSuchUser } from './staff-rules'

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null

/**
 * GET /v1/user/:id/factors (users.read): which second factors the user has, since when, when
 * last used; never a secret. An EXTERNAL caller does not see INTERNAL users' (403).
 */
export async function userFactors(
  ctx: UseCaseContext,
  actor: UserRow,
  targetId: string,
): Promise<UserFactor[]> {
  const user = await findUserById(ctx.db, targetId)
  if (!user) throw noSuchUser()
  if (!mayManage(actor, user)) throw internalOnly()
  // Staff who read some groups' users only (docs/access.md): others are no one to them.
  if (!(await findUserSeenBy(ctx.db, actor, targetId, 'users.read'))) throw noSuchUser()
  const factors: UserFactor[] = []
  const authenticator = user.authenticatorAt ? await findAuthenticator(ctx.db, user.id) : undefined
  if (authenticator?.confirmedAt) {
    factors.push({
      kind: 'authenticator',
      enrolledAt: iso(authenticator.confirmedAt),
      lastUsedAt: iso(authenticator.lastUsedAt),
    })
  }
  if (user.use2fa && user.phone) factors.push({ kind: 'sms', enrolledAt: null, lastUsedAt: null })
  const codes = await unusedRecoveryCodes(ctx.db, user.id)
  if (codes.length) {
    const created = codes.reduce(
      (first, c) => (c.createdAt < first ? c.createdAt : first),
      codes[0]!.createdAt,
    )
    factors.push({
      kind: 'recovery',
      enrolledAt: iso(created),
      lastUsedAt: null,
      count: codes.length,
    })
  }
  const passkeys = await listPasskeys(ctx.db, user.id)
  if (passkeys.length) {
    const used = passkeys.flatMap((p) => (p.lastUsedAt ? [p.lastUsedAt.getTime()] : []))
    factors.push({
      kind: 'passkey',
      enrolledAt: iso(passkeys[0]!.createdAt),
      lastUsedAt: used.length ? new Date(Math.max(...used)).toISOString() : null,
      count: passkeys.length,
    })
  }
  return factors
}

/**
 * POST /v1/user/:id/reset-factors (users.write): the authenticator app, the recovery codes and
 * text-message codes go (passkeys have their own action), audited with before and after; the
 * owner is mailed. Answers the user as it now is.
 */
export async function resetUserFactors(
  ctx: UseCaseContext,
  actor: UserRow,
  targetId: string,
): Promise<UserRow> {
  const { user, messageId } = await ctx.db.transaction(async (tx) => {
    const target = (await lockUsers(tx, [targetId])).get(targetId)
    if (!target) throw noSuchUser()
    if (!mayManage(actor, target)) throw internalOnly()
    if (!(await findUserSeenBy(tx, actor, targetId, 'users.write'))) throw noSuchUser()
    const hadAuthenticator = await deleteAuthenticators(tx, target.id)
    const codes = await deleteRecoveryCodes(tx, target.id)
    if (target.use2fa) await updateUser(tx, target.id, { use2fa: false })
    const user = (await findUserById(tx, target.id)) ?? target
    if (!hadAuthenticator && !codes && !target.use2fa) return { user, messageId: undefined }
    await recordAudit(tx, ctx.client, {
      action: AuditAction.factorsReset,
      outcome: 'success',
      actorUserId: actor.id,
      subjectUserId: target.id,
      detail: {
        changes: {
          ...(hadAuthenticator ? { authenticator: { before: true, after: false } } : {}),
          ...(target.use2fa ? { use2FA: { before: true, after: false } } : {}),
          ...(codes ? { recoveryCodes: { before: codes, after: 0 } } : {}),
        },
      },
    })
    const messageId = await ctx.outbox.enqueue(tx, {
      channel: 'email',
      to: target.email,
      ...FACTOR_NOTICES.reset,
    })
    return { user, messageId }
  })
  if (messageId) await ctx.outbox.deliverNow([messageId])
  return user
}
