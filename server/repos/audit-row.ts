import { and, eq } from 'drizzle-orm'
import { auditLog } from '../db/schema/audit'
import type { Db } from '../db/types'
import type { Viewer } from '../domain/user-visibility'
import { userIdSeenBy } from './users'

/**
 * One audit row as `viewer` may read it with logs.read (the scoping Logs uses: a row about an
 * account hidden from it is not there), or undefined.
 */
export async function auditRowSeenBy(db: Db, viewer: Viewer, id: string) {
  const [row] = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      outcome: auditLog.outcome,
      actorUserId: auditLog.actorUserId,
      subjectUserId: auditLog.subjectUserId,
      ip: auditLog.ip,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(and(eq(auditLog.id, id), userIdSeenBy(viewer, auditLog.subjectUserId, 'logs.read')))
    .limit(1)
  return row
}
export type AuditRowSeen = NonNullable<Awaited<ReturnType<typeof auditRowSeenBy>>>
