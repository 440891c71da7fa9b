import type { Db } from '../db/types'
import { AuditAction, recordAudit } from '../repos/audit'
import { purgeExpiredSessions } from '../repos/sessions'

const PURGE_CLIENT = { ip: 'local', userAgent: 'gatehouse session purge' }

/**
 * Deletes the sessions that expired by `now` and answers how many went; a purge that deleted any
 * leaves one audit row. Purges in several processes are harmless: each row goes once.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<number> {
  const count = await purgeExpiredSessions(db, now)
  if (count === 0) return 0
  await recordAudit(db, PURGE_CLIENT, {
    action: AuditAction.sessionsExpired,
    outcome: 'success',
    detail: { count },
  })
  return count
}
