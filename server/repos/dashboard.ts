import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  or,
  sql,
  sum,
} from 'drizzle-orm'
import { auditLog } from '../db/schema/audit'
import { auditHourly } from '../db/schema/audit-hourly'
import { services } from '../db/schema/services'
import { sessions } from '../db/schema/sessions'
import { users } from '../db/schema/users'
import type { Db } from '../db/types'
import { AuditAction } from './audit'

/** The audit actions of a sign-in step; a success opens a session, a failure or refusal does not. */
const SIGN_IN_STEPS = [AuditAction.signIn, AuditAction.signInCode]
const FAILED = ['failure', 'refused']
/** The action the OpenID Connect provider records for each authorization it grants a service. */
export const SERVICE_SIGN_IN = 'oidc.authorize'

export interface Bucket {
  /** Start of the UTC hour or day. */
  start: Date
  success: number
  failure: number
}

/**
 * Sign-in successes and failures per UTC hour (`unit` hour) or day from the hourly rollup, for
 * buckets starting at or after `since`; buckets without events are absent.
 */
export async function signInBuckets(db: Db, since: Date, unit: 'hour' | 'day'): Promise<Bucket[]> {
  const start =
    unit === 'hour' ? auditHourly.hour : sql<Date>`date_trunc('day', ${auditHourly.hour}, 'UTC')`
  const rows = await db
    .select({
      start: sql<string>`${start}`.as('start'),
      success: sql<string>`coalesce(sum(${auditHourly.count}) filter (where ${auditHourly.outcome} = 'success'), 0)`,
      failure: sql<string>`coalesce(sum(${auditHourly.count}) filter (where ${auditHourly.outcome} in ('failure', 'refused')), 0)`,
    })
    .from(auditHourly)
    .where(and(inArray(auditHourly.action, SIGN_IN_STEPS), gte(auditHourly.hour, since)))
    .groupBy(sql`1`)
    .orderBy(sql`1`)
  return rows.map((row) => ({
    start: new Date(row.start),
    success: Number(row.success),
    failure: Number(row.failure),
  }))
}

/** Successful service sign-ins since `since` per service, with the service's name when known. */
export async function serviceSignIns(db: Db, since: Date) {
  const rows = await db
    .select({ service: auditHourly.service, count: sum(auditHourly.count).mapWith(Number) })
    .from(auditHourly)
    .where(
      and(
        eq(auditHourly.action, SERVICE_SIGN_IN),
        eq(auditHourly.outcome, 'success'),
        gte(auditHourly.hour, since),
      ),
    )
    .groupBy(auditHourly.service)
    .orderBy(desc(sum(auditHourly.count)))
  if (rows.length === 0) return []
  const refs = rows.map((row) => row.service)
  const named = await db
    .select({ id: services.id, key: services.key, name: services.name })
    .from(services)
    .where(
      or(
        inArray(services.key, refs),
        inArray(
          sql`${services.id}::text`,
          refs.filter((ref) => /^[0-9a-f-]{36}$/i.test(ref)),
        ),
      ),
    )
  return rows.map((row) => {
    const service = named.find((s) => s.id === row.service || s.key === row.service)
    return {
      serviceId: service?.id ?? null,
      name: service?.name ?? (row.service || 'Unknown service'),
      count: row.count ?? 0,
    }
  })
}

/** Sessions that have not expired. */
export async function activeSessionCount(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(gt(sessions.expires, now))
  return row?.n ?? 0
}

/** Accounts under a permanent lock (staff must unlock them) and under a temporary one now. */
export async function lockedCounts(db: Db, now: Date) {
  const [row] = await db
    .select({
      permanent: sql<number>`count(*) filter (where ${users.lockedAt} is not null)`.mapWith(Number),
      temporary:
        sql<number>`count(*) filter (where ${users.lockedAt} is null and ${users.lockedUntil} > ${now.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(users)
  return { permanent: row?.permanent ?? 0, temporary: row?.temporary ?? 0 }
}

/** Enabled accounts by second factor, and those with none (docs/second-factors.md). */
export async function factorCounts(db: Db) {
  const sms = sql`${users.use2fa} and ${users.phone} is not null`
  const app = sql`${users.authenticatorAt} is not null`
  const passkey = sql`${users.passkeyCount} > 0`
  const [row] = await db
    .select({
      users: count(),
      authenticator: sql<number>`count(*) filter (where ${app})`.mapWith(Number),
      sms: sql<number>`count(*) filter (where ${sms})`.mapWith(Number),
      passkey: sql<number>`count(*) filter (where ${passkey})`.mapWith(Number),
      none: sql<number>`count(*) filter (where not (${app}) and not (${sms}) and not (${passkey}))`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(isNull(users.disabledAt))
  return {
    users: row?.users ?? 0,
    authenticator: row?.authenticator ?? 0,
    sms: row?.sms ?? 0,
    passkey: row?.passkey ?? 0,
    none: row?.none ?? 0,
  }
}

/** Enabled accounts without a sign-in since `since`: never signed in, and signed in before it. */
export async function dormantCounts(db: Db, since: Date) {
  const [row] = await db
    .select({
      never: sql<number>`count(*) filter (where ${users.lastLogin} is null)`.mapWith(Number),
      before:
        sql<number>`count(*) filter (where ${users.lastLogin} < ${since.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(and(isNull(users.disabledAt), or(isNull(users.lastLogin), lt(users.lastLogin, since))))
  return { never: row?.never ?? 0, before: row?.before ?? 0 }
}

/** Addresses with the most failed sign-in steps since `since` (the partial index of migration). */
export async function topFailingAddresses(db: Db, since: Date, limit: number) {
  const failures = count()
  return db
    .select({ ip: auditLog.ip, failures, last: max(auditLog.at) })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.outcome, FAILED as never[]),
        inArray(auditLog.action, SIGN_IN_STEPS),
        gt(auditLog.at, since),
        isNotNull(auditLog.ip),
      ),
    )
    .groupBy(auditLog.ip)
    .orderBy(desc(failures), asc(auditLog.ip))
    .limit(limit)
}

/** Accounts under a permanent lock, longest locked first: they wait for staff to unlock them. */
export async function lockedUsers(db: Db, limit: number) {
  return db
    .select({
      id: users.id,
      nameFirst: users.nameFirst,
      nameLast: users.nameLast,
      email: users.email,
      lockedAt: users.lockedAt,
    })
    .from(users)
    .where(isNotNull(users.lockedAt))
    .orderBy(asc(users.lockedAt))
    .limit(limit)
}
