import { eq } from 'drizzle-orm'
import type { MfaPolicy, MfaPolicyMode } from '../../schema/factors'
import { type UserType, UserTypes } from '../../schema/permissions'
import { mfaPolicies } from '../db/schema/factors'
import type { Db } from '../db/types'

/** A type with no stored policy: factors optional, a week's grace once one is required. */
export const DEFAULT_POLICY = { mode: 'optional' as MfaPolicyMode, graceDays: 7 }

export interface StoredPolicy {
  type: UserType
  mode: MfaPolicyMode
  graceDays: number
  requiredSince: Date | null
}

/** The policy of every user type, the default where none was stored. */
export async function listMfaPolicies(db: Db): Promise<StoredPolicy[]> {
  const rows = await db.select().from(mfaPolicies)
  return UserTypes.map((type) => {
    const row = rows.find((r) => r.userType === type)
    return row
      ? { type, mode: row.mode, graceDays: row.graceDays, requiredSince: row.requiredSince }
      : { type, ...DEFAULT_POLICY, requiredSince: null }
  })
}

export async function mfaPolicyOf(db: Db, type: UserType): Promise<StoredPolicy> {
  const [row] = await db.select().from(mfaPolicies).where(eq(mfaPolicies.userType, type))
  return row
    ? { type, mode: row.mode, graceDays: row.graceDays, requiredSince: row.requiredSince }
    : { type, ...DEFAULT_POLICY, requiredSince: null }
}

export async function storeMfaPolicy(
  db: Db,
  policy: Omit<MfaPolicy, 'requiredSince'> & { requiredSince: Date | null },
  now: Date,
): Promise<void> {
  const values = {
    userType: policy.type,
    mode: policy.mode,
    graceDays: policy.graceDays,
    requiredSince: policy.requiredSince,
    updatedAt: now,
  }
  await db
    .insert(mfaPolicies)
    .values(values)
    .onConflictDoUpdate({ target: mfaPolicies.userType, set: values })
}
