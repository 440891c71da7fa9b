import { and, eq, gt, or, sql } from 'drizzle-orm'
import { auditLog } from '../db/schema/audit'
import type { Db } from '../db/types'
import { AuditAction } from './audit'

/** Reset requests that were accepted (whatever the account), and links that did not work. */
const counted = or(
  and(eq(auditLog.action, AuditAction.passwordResetRequested), eq(auditLog.outcome, 'success')),
  and(eq(auditLog.action, AuditAction.passwordResetLink), eq(auditLog.outcome, 'failure')),
)

/** Times of accepted reset requests for `email` since `since`, oldest first. */
export async function resetRequestsFor(db: Db, email: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, AuditAction.passwordResetRequested),
        eq(auditLog.outcome, 'success'),
        gt(auditLog.at, since),
        eq(sql`${auditLog.detail} ->> 'email'`, email),
      ),
    )
    .orderBy(auditLog.at)
  return rows.map((row) => row.at)
}

/** Times of accepted reset requests and failed link uses from `ip` since `since`, oldest first. */
export async function resetAttemptsFrom(db: Db, ip: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.ip, ip), gt(auditLog.at, since), counted))
    .orderBy(auditLog.at)
  return rows.map((row) => row.at)
}
