import { eq } from 'drizzle-orm'
import { users } from '../db/schema/users'
import type { Db } from '../db/types'

/**
 * The user's current visage reference, with the row locked until the transaction ends, so that of
 * two uploads at once each learns the file the other replaced. Undefined when there is no such user.
 */
export async function lockVisage(
  db: Db,
  userId: string,
): Promise<{ visage: string | null } | undefined> {
  const [row] = await db
    .select({ visage: users.visage })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row
}
