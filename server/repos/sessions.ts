import { and, eq, ne } from 'drizzle-orm'
import { sessions, type SessionRow } from '../db/schema/sessions'
import type { Db } from '../db/types'

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
