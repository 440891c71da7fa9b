import { eq } from 'drizzle-orm'
import { sessions } from '../db/schema/sessions'
import type { Db } from '../db/types'

/** Deletes one session; answers its owner, or undefined when there was no such session. */
export async function revokeSession(db: Db, id: string): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.id, id))
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
