import type { MfaPolicy, MfaPolicyBody } from '../../schema/factors'
import type { UserType } from '../../schema/permissions'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { graceUntil } from '../domain/second-factors'
import { AuditAction, recordAudit } from '../repos/audit'
import {
  listMfaPolicies,
  mfaPolicyOf,
  type StoredPolicy,
  storeMfaPolicy,
} from '../repos/mfa-policies'
import type { UseCaseContext } from './context'

/** A user has a second factor when a password sign-in asks for one: the app or text messages. */
export const hasSecondFactor = (user: Pick<UserRow, 'authenticatorAt' | 'use2fa' | 'phone'>) =>
  user.authenticatorAt !== null || (user.use2fa && user.phone !== null)

/** Policies change seldom and every GET /v1/self of a user without a factor reads one: kept 5 s. */
const POLICY_CACHE_MS = 5_000
type Cached = Map<UserType, { at: number; policy: Promise<StoredPolicy> }>
const cached = new WeakMap<Db, Cached>()

function policyOf(db: Db, type: UserType): Promise<StoredPolicy> {
  let byType = cached.get(db)
  if (!byType) {
    byType = new Map() as Cached
    cached.set(db, byType)
  }
  const hit = byType.get(type)
  if (hit && Date.now() - hit.at < POLICY_CACHE_MS) return hit.policy
  const policy = mfaPolicyOf(db, type)
  byType.set(type, { at: Date.now(), policy })
  policy.catch(() => byType.delete(type))
  return policy
}

/**
 * Until when a user of a type whose policy requires a second factor, and who has none, may still
 * sign in without one; null when nothing is required of them.
 */
export async function enrolmentGrace(
  ctx: Pick<UseCaseContext, 'db'>,
  user: UserRow,
  now = new Date(),
): Promise<Date | null> {
  if (hasSecondFactor(user)) return null
  const policy = await policyOf(ctx.db, user.type)
  if (policy.mode !== 'required') return null
  return graceUntil(policy.requiredSince ?? now, user.createdAt, policy.graceDays)
}

const present = (policy: StoredPolicy): MfaPolicy => ({
  ...policy,
  requiredSince: policy.requiredSince?.toISOString() ?? null,
})

export async function mfaPolicies(ctx: Pick<UseCaseContext, 'db'>): Promise<MfaPolicy[]> {
  return (await listMfaPolicies(ctx.db)).map(present)
}

/**
 * Sets a user type's policy (PUT /v1/mfa-policy/:type, users.write), audited with before and
 * after. `requiredSince` starts when the mode becomes `required` and stays while it is.
 */
export async function setMfaPolicy(
  ctx: UseCaseContext,
  actor: UserRow,
  type: UserType,
  body: MfaPolicyBody,
): Promise<MfaPolicy> {
  const now = new Date()
  return ctx.db.transaction(async (tx) => {
    const before = await mfaPolicyOf(tx, type)
    const requiredSince =
      body.mode === 'required' ? (before.mode === 'required' ? before.requiredSince : now) : null
    const after = { type, mode: body.mode, graceDays: body.graceDays, requiredSince }
    await storeMfaPolicy(tx, after, now)
    cached.get(ctx.db)?.delete(type)
    await recordAudit(tx, ctx.client, {
      action: AuditAction.mfaPolicyChanged,
      outcome: 'success',
      actorUserId: actor.id,
      detail: {
        type,
        changes: {
          mode: { before: before.mode, after: body.mode },
          graceDays: { before: before.graceDays, after: body.graceDays },
        },
      },
    })
    return present(after)
  })
}
