import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { authenticators, type AuthenticatorRow } from '../db/schema/factors'
import { users } from '../db/schema/users'
import type { Db } from '../db/types'

/** A setup waiting for its first code; older unconfirmed setups of the user are dropped. */
export async function insertSetup(
  db: Db,
  row: { userId: string; secret: string; now: Date },
): Promise<string> {
  await db
    .delete(authenticators)
    .where(and(eq(authenticators.userId, row.userId), isNull(authenticators.confirmedAt)))
  const [inserted] = await db
    .insert(authenticators)
    .values({ userId: row.userId, secret: row.secret, createdAt: row.now })
    .returning({ id: authenticators.id })
  if (!inserted) throw new Error('The authenticator setup was not stored.')
  return inserted.id
}

/** The user's setup `id`, if it is still waiting and not older than `since`. */
export async function findSetup(db: Db, id: string, userId: string, since: Date) {
  const [row] = await db
    .select()
    .from(authenticators)
    .where(
      and(
        eq(authenticators.id, id),
        eq(authenticators.userId, userId),
        isNull(authenticators.confirmedAt),
        sql`${authenticators.createdAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
  return row
}

/**
 * Makes the setup the user's authenticator (replacing one enrolled before) at `step`, the step of
 * the code that confirmed it, and stamps the user's row so the console's lists see it.
 */
export async function confirmSetup(
  db: Db,
  setup: AuthenticatorRow,
  step: number,
  now: Date,
): Promise<boolean> {
  await db
    .delete(authenticators)
    .where(and(eq(authenticators.userId, setup.userId), isNotNull(authenticators.confirmedAt)))
  const rows = await db
    .update(authenticators)
    .set({ confirmedAt: now, lastUsedAt: now, lastStep: step })
    .where(and(eq(authenticators.id, setup.id), isNull(authenticators.confirmedAt)))
    .returning({ id: authenticators.id })
  if (rows.length !== 1) return false
  await db.update(users).set({ authenticatorAt: now }).where(eq(users.id, setup.userId))
  return true
}

export async function findAuthenticator(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(authenticators)
    .where(and(eq(authenticators.userId, userId), isNotNull(authenticators.confirmedAt)))
  return row
}

/**
 * Records that the code of `step` was used, unless a code of that step or a later one was used
 * first (a conditional update: two requests with one code cannot both pass).
 */
export async function useAuthenticatorStep(
  db: Db,
  id: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(authenticators)
    .set({ lastStep: step, lastUsedAt: now })
    .where(and(eq(authenticators.id, id), lt(authenticators.lastStep, step)))
    .returning({ id: authenticators.id })
  return rows.length === 1
}

/** Removes the user's authenticator and any setup; answers whether one was enrolled. */
export async function deleteAuthenticators(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(authenticators)
    .where(eq(authenticators.userId, userId))
    .returning({ confirmedAt: authenticators.confirmedAt })
  await db.update(users).set({ authenticatorAt: null }).where(eq(users.id, userId))
  return rows.some((row) => row.confirmedAt !== null)
}

/** Every sealed secret (a key rotation opens and seals them again). */
export async function allSealedSecrets(db: Db) {
  return db.select({ id: authenticators.id, secret: authenticators.secret }).from(authenticators)
}

export async function replaceSealedSecret(db: Db, id: string, secret: string): Promise<void> {
  await db.update(authenticators).set({ secret }).where(eq(authenticators.id, id))
}
