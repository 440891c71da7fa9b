import type { DashboardResults, SignInBucket } from '../../schema/dashboard'
import {
  activeSessionCount,
  type Bucket,
  dormantCounts,
  factorCounts,
  lockedCounts,
  serviceSignIns,
  signInBuckets,
  topFailingAddresses,
} from '../repos/dashboard'
import { queueDepth } from '../repos/outbox'
import type { UseCaseContext } from './context'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** No sign-in for this long makes an account dormant. */
export const DORMANT_DAYS = 90
const TOP_ADDRESSES = 10

const startOfUtcHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR)
const startOfUtcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY) * DAY)

/** `count` buckets of `size` ending with the one that starts at `last`, zeros where none came. */
function fill(buckets: Bucket[], last: Date, size: number, count: number): SignInBucket[] {
  const byStart = new Map(buckets.map((bucket) => [bucket.start.getTime(), bucket]))
  return Array.from({ length: count }, (_, i) => {
    const start = last.getTime() - (count - 1 - i) * size
    const bucket = byStart.get(start)
    return {
      start: new Date(start).toISOString(),
      success: bucket?.success ?? 0,
      failure: bucket?.failure ?? 0,
    }
  })
}

/** Every figure of the Dashboard (docs/dashboard.md), read together. */
export async function dashboardFigures(
  ctx: Pick<UseCaseContext, 'db'>,
  now = new Date(),
): Promise<DashboardResults> {
  const hour = startOfUtcHour(now)
  const day = startOfUtcDay(now)
  const firstHour = new Date(hour.getTime() - 23 * HOUR)
  const firstDay = new Date(day.getTime() - 29 * DAY)
  const [hourly, daily, activeSessions, services, locked, dormant, failing, queue, factors] =
    await Promise.all([
      signInBuckets(ctx.db, firstHour, 'hour'),
      signInBuckets(ctx.db, firstDay, 'day'),
      activeSessionCount(ctx.db, now),
      serviceSignIns(ctx.db, firstDay),
      lockedCounts(ctx.db, now),
      dormantCounts(ctx.db, new Date(now.getTime() - DORMANT_DAYS * DAY)),
      topFailingAddresses(ctx.db, new Date(now.getTime() - DAY), TOP_ADDRESSES),
      queueDepth(ctx.db),
      factorCounts(ctx.db),
    ])
  return {
    at: now.toISOString(),
    hourly: fill(hourly, hour, HOUR, 24),
    daily: fill(daily, day, DAY, 30),
    activeSessions,
    services,
    locked,
    factors,
    dormant: { ...dormant, days: DORMANT_DAYS },
    failingAddresses: failing.map((row) => ({
      ip: row.ip ?? '',
      failures: row.failures,
      last: (row.last ?? now).toISOString(),
    })),
    queue: { depth: queue.depth, oldest: queue.oldest?.toISOString() ?? null },
  }
}
