import { and, asc, eq, isNull, lte, gt } from 'drizzle-orm'
import { passkeys, webauthnChallenges, type PasskeyRow } from '../db/schema/passkeys'
import type { Db } from '../db/types'

export type ChallengePurpose = 'registration' | 'authentication'

/** Stores a ceremony's challenge and clears the expired ones, so that the table stays small. */
export async function insertChallenge(
  db: Db,
  row: {
    userId: string | null
    purpose: ChallengePurpose
    challenge: string
    createdAt: Date
    expiresAt: Date
  },
): Promise<string> {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, row.createdAt))
  const [stored] = await db
    .insert(webauthnChallenges)
    .values(row)
    .returning({ id: webauthnChallenges.id })
  if (!stored) throw new Error('The challenge was not stored.')
  return stored.id
}

/**
 * Takes a challenge out of the table and answers it, or undefined when it is unknown, expired, for
 * another purpose or another user. One DELETE … RETURNING: of two concurrent uses only one gets it.
 */
export async function consumeChallenge(
  db: Db,
  where: { id: string; purpose: ChallengePurpose; userId: string | null; now: Date },
): Promise<string | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, where.id),
        eq(webauthnChallenges.purpose, where.purpose),
        where.userId === null
          ? isNull(webauthnChallenges.userId)
          : eq(webauthnChallenges.userId, where.userId),
        gt(webauthnChallenges.expiresAt, where.now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge })
  return row?.challenge
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1)
  return row
}

export async function insertPasskey(
  db: Db,
  row: Omit<typeof passkeys.$inferInsert, 'id'>,
): Promise<PasskeyRow> {
  const [stored] = await db.insert(passkeys).values(row).returning()
  if (!stored) throw new Error('The passkey was not stored.')
  return stored
}

/** Records a use: the authenticator's new signature counter and when. */
export async function recordPasskeyUse(db: Db, id: string, counter: number, at: Date) {
  await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id))
}

/** Removes one passkey of the user; false when the user has no passkey with that id. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
  return rows.length === 1
}

/** Removes every passkey of the user and answers how many there were. */
export async function deletePasskeys(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id })
  return rows.length
}
