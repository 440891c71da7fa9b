import { and, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Session } from '../../schema/session'
import { sessionServices } from '../db/schema/oidc'
import { services } from '../db/schema/services'
import { sessions, type SessionRow } from '../db/schema/sessions'
import { users, type UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import type { Viewer } from '../domain/user-visibility'
import { preparedPerDb } from './prepared'
import { userIdSeenBy, usersSeenBy } from './users'

/*
 * The sessions table: sign-in and the guard (insert, find, touch, delete), the Sessions list,
 * revocation, the event streams' expiry checks and the purge of expired rows.
 */

export async function insertSession(
  db: Db,
  row: typeof sessions.$inferInsert,
): Promise<SessionRow> {
  const [session] = await db.insert(sessions).values(row).returning()
  if (!session) throw new Error('The session was not stored.')
  return session
}

export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1)
  return row
}

const sessionAndUserByTokenHash = preparedPerDb((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_and_user_by_token_hash'),
)

/** The session a token hash names and its user, in one query (the guard runs it on every call). */
export async function findSessionAndUserByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow | null } | undefined> {
  const [row] = await sessionAndUserByTokenHash(db).execute({ tokenHash })
  return row
}

export async function touchSession(
  db: Db,
  id: string,
  change: { expires: Date; lastSeenAt: Date },
) {
  await db.update(sessions).set(change).where(eq(sessions.id, id))
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id))
}

/** Signs a user out everywhere but here (after a password change). */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
}

/**
 * Deletes one session of a user `viewer` may see; answers its owner, or undefined when there was
 * no such session (or only one of a hidden account).
 */
export async function revokeSession(
  db: Db,
  viewer: Viewer,
  id: string,
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), userIdSeenBy(viewer, sessions.userId, 'sessions.revoke')))
    .returning({ userId: sessions.userId })
  return row
}

/** Deletes every session of a user; answers the ids that were deleted. */
export async function revokeUserSessions(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id })
  return rows.map((row) => row.id)
}

export interface SessionExpiry {
  expires: Date
  absoluteExpires: Date
}

/** A live session's expiry with what its user may now do, for the event streams' checks. */
export interface SessionState extends SessionExpiry {
  permissions: UserRow['permissions']
  type: UserRow['type']
  disabled: boolean
}

/** The state of those of these sessions that still exist, each with its user's permissions. */
export async function sessionStates(db: Db, ids: string[]): Promise<Map<string, SessionState>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: sessions.id,
      expires: sessions.expires,
      absoluteExpires: sessions.absoluteExpires,
      permissions: users.permissions,
      type: users.type,
      disabledAt: users.disabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.id, ids))
  return new Map(
    rows.map(({ id, disabledAt, ...state }) => [id, { ...state, disabled: disabledAt !== null }]),
  )
}

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

function matching(
  viewer: Viewer,
  filters: SessionFilters,
  after: SessionAfter | null,
  now: Date,
): SQL | undefined {
  const text = filters.text?.trim().toLowerCase()
  return and(
    usersSeenBy(viewer, 'sessions.read'),
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

/** A session as the console lists it: its row with the owner's name (the sync's shape too). */
export const sessionColumns = {
  id: sessions.id,
  createdAt: sessions.createdAt,
  updatedAt: sessions.updatedAt,
  userId: sessions.userId,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
  expires: sessions.expires,
  nameFirst: users.nameFirst,
  nameLast: users.nameLast,
  // The services the session signed into (docs/sso.md), oldest first.
  services: sql<{ id: string; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', ${services.id}, 'name', ${services.name})
      order by ${sessionServices.signedInAt})
    from ${sessionServices} join ${services} on ${services.id} = ${sessionServices.serviceId}
    where ${sessionServices.sessionId} = ${sessions.id}), '[]'::json)`,
}

/**
 * One page of the Sessions list (live sessions only, of users `viewer` may see), newest expiry
 * first, with the linked user's name. Answers one row more than asked when more follow, so the
 * caller knows whether to hand out a cursor.
 */
export async function listSessions(
  db: Db,
  viewer: Viewer,
  filters: SessionFilters,
  after: SessionAfter | null,
  limit: number,
  now = new Date(),
): Promise<Session[]> {
  const rows = await db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(matching(viewer, filters, after, now))
    .orderBy(desc(sessions.expires), desc(sessions.id))
    .limit(limit + 1)
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expires: row.expires.toISOString(),
  }))
}

/** Rows per DELETE: keeps each transaction short, since a long one holds every sync back. */
const PURGE_BATCH = 1000

/** Sessions whose idle or absolute expiry has passed at `now` (as isSessionExpired decides). */
const expiredAt = (now: Date) => or(lte(sessions.expires, now), lte(sessions.absoluteExpires, now))

/**
 * Deletes the sessions that expired by `now`, in batches, and answers how many went. The delete
 * trigger leaves a tombstone per row and the change feed tells the consoles. Processes purging
 * at once skip the rows another one has locked, so each row is deleted (and counted) once.
 */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<number> {
  let total = 0
  for (;;) {
    const doomed = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(expiredAt(now))
      .limit(PURGE_BATCH)
      .for('update', { skipLocked: true })
    const deleted = await db
      .delete(sessions)
      .where(inArray(sessions.id, doomed))
      .returning({ id: sessions.id })
    total += deleted.length
    if (deleted.length < PURGE_BATCH) return total
  }
}

/** Adds how a session's user has since proved themselves (an enrolled factor) to its amr. */
export async function addSessionAmr(db: Db, id: string, amr: readonly string[]): Promise<void> {
  await db
    .update(sessions)
    .set({
      amr: sql`array(select distinct unnest(${sessions.amr} || ${sql.param([...amr])}::text[]))`,
    })
    .where(eq(sessions.id, id))
}
