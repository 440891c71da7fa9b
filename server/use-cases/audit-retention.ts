import type { Db } from '../db/types'
import { AuditAction, purgeAuditBatch, recordAudit } from '../repos/audit'

const RETENTION_CLIENT = { ip: 'local', userAgent: 'gatehouse audit retention' }
export const RETENTION_BATCH = 5000
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Deletes the audit events older than `days` days (AUDIT_RETENTION_DAYS), in batches so that no
 * statement holds a long lock, and answers how many went; a purge that deleted any leaves one audit
 * row saying so. Purges in several processes are harmless: each row goes once.
 */
export async function purgeOldAudit(
  db: Db,
  days: number,
  now = new Date(),
  batch = RETENTION_BATCH,
): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS)
  let total = 0
  for (;;) {
    const count = await purgeAuditBatch(db, before, batch)
    total += count
    if (count < batch) break
  }
  if (total > 0) {
    await recordAudit(db, RETENTION_CLIENT, {
      action: AuditAction.auditPurged,
      outcome: 'success',
      detail: { count: total, days, before: before.toISOString() },
    })
  }
  return total
}
