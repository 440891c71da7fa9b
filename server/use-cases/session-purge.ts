import type { Config } from '../config'
import type { Db } from '../db/types'
import { DEVICE_COOKIE_DAYS } from '../domain/device-cookie'
import { COUNT_FORGOTTEN_AFTER_MS } from '../domain/lockout'
import { purgeUnusedDevices } from '../repos/known-devices'
import { purgeQuietCounters } from '../repos/sign-in-counters'
import { purgeEndedWindows } from '../repos/throttle-windows'
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

/**
 * Deletes what sign-in defences no longer need: counters quiet for a day (not locked), windows
 * that ended (the address throttle's and the sessions' re-checks), and known devices whose cookie
 * has expired.
 */
export async function purgeSignInGuards(db: Db, config: Config, now = new Date()): Promise<void> {
  await purgeQuietCounters(db, new Date(now.getTime() - COUNT_FORGOTTEN_AFTER_MS), now)
  const longest = Math.max(config.throttleWindowSeconds, config.sessionMaxHours * 3600)
  await purgeEndedWindows(db, new Date(now.getTime() - longest * 1000))
  await purgeUnusedDevices(db, new Date(now.getTime() - DEVICE_COOKIE_DAYS * 24 * 3600_000))
}
