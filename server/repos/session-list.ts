import { and, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm'
import type { Session } from '../../schema/session'
import { sessions } from '../db/schema/sessions'
import { users } from '../db/schema/users'
import type { Db } from '../db/types'

export interface SessionFilters {
  id?: string
  userId?: string
  /** Case-insensitive substring of the user's name or the ip. */
  text?: string
}

/** Where the previous page ended, in (expires desc, id desc) order. */
export interface SessionAfter {
  expires: Date
  id: string
}

function matching(filters: SessionFilters, after: SessionAfter | null, now: Date): SQL | undefined {
  const text = filters.text?.trim().toLowerCase()
  return and(
    // Expired rows wait up to a minute for the purge; the list shows only live sessions.
    gt(sessions.expires, now),
    gt(sessions.absoluteExpires, now),
    filters.id ? eq(sessions.id, filters.id) : undefined,
    filters.userId ? eq(sessions.userId, filters.userId) : undefined,
    // strpos rather than LIKE, so that % and _ in the search are plain characters.
    text
      ? or(
          sql`strpos(lower(${users.nameFirst} || ' ' || ${users.nameLast}), ${text}) > 0`,
          sql`strpos(lower(${sessions.ip}), ${text}) > 0`,
        )
      : undefined,
    after
      ? sql`(${sessions.expires}, ${sessions.id}) < (${after.expires.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
  )
}

/**
 * One page of the Sessions list (live sessions only), newest expiry first, with the linked user's
 * name. Answers one row more than asked when more follow, so the caller knows whether to hand out
 * a cursor.
 */
export async function listSessions(
  db: Db,
  filters: SessionFilters,
  after: SessionAfter | null,
  limit: number,
  now = new Date(),
): Promise<Session[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      userId: sessions.userId,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      expires: sessions.expires,
      nameFirst: users.nameFirst,
      nameLast: users.nameLast,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(matching(filters, after, now))
    .orderBy(desc(sessions.expires), desc(sessions.id))
    .limit(limit + 1)
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expires: row.expires.toISOString(),
  }))
}
