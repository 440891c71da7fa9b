import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { serverSecrets } from '../db/schema/passkeys'
import type { Db } from '../db/types'

/**
 * The secret of this name, made (256 random bits) by whichever process asks first. Insert-or-keep
 * and then read, so processes starting together on one database all end up with the same value.
 */
export async function serverSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url'), createdAt: new Date() })
    .onConflictDoNothing({ target: serverSecrets.name })
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`server secret ${name} is missing after it was created`)
  return row.value
}
