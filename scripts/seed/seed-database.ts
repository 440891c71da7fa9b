import { arrayContains, count as countRows, sql } from 'drizzle-orm'
import { auditLog } from '../../server/db/schema/audit'
import {
  attributeKeyAssociations,
  attributeKeyConditions,
  attributeKeyOptions,
  attributeKeys,
} from '../../server/db/schema/attributes'
import { services } from '../../server/db/schema/services'
import { sessions } from '../../server/db/schema/sessions'
import { users } from '../../server/db/schema/users'
import type { Database, Db } from '../../server/db/types'
import { passwords } from '../../server/domain/passwords'
import { attributeTree } from './attributes'
import { auditRows } from './audit'
import { bulkInsert } from './bulk-insert'
import { sessionRows, userRows } from './people'
import { Random } from './random'
import { serviceRows } from './services'

export interface SeedCounts {
  users: number
  sessions: number
  services: number
  attributeKeys: number
  /** Audit events over the last 90 days, about the users and services the database holds. */
  auditEvents?: number
}

/** Audit events are made and written this many at a time, so a million never sit in memory. */
const AUDIT_BATCH = 50_000

export interface SeedOptions {
  /** The password every seeded user signs in with. */
  password?: string
  /** Same seed, same names, addresses and times (the ids and token hashes still differ). */
  seed?: number
  now?: Date
}

export interface SeedResult {
  /** The rows written, per table. */
  written: Record<string, number>
  password: string
  milliseconds: number
}

export const SEED_PASSWORD = 'Seeded#Pass2026'

/**
 * Writes realistic bulk data in one transaction: users (one shared password hash, computed once;
 * sign-ins, locks, two-factor and permissions spread as in a real directory, see people.ts),
 * sessions of those users, services and a small attribute tree. Numbers continue after what the
 * database holds, so running it again adds rows instead of failing on unique emails or keys.
 */
export async function seedDatabase(
  db: Db,
  counts: SeedCounts,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const started = performance.now()
  const password = options.password ?? SEED_PASSWORD
  const now = options.now ?? new Date()
  const random = new Random(options.seed ?? 20_260_101)
  const passwordHash = await passwords.hash(password)

  const written = await db.transaction(async (tx) => {
    const [userCount] = await tx.select({ n: countRows() }).from(users)
    const [serviceCount] = await tx.select({ n: countRows() }).from(services)
    const people = userRows(random, userCount?.n ?? 0, counts.users, passwordHash, now)
    const result: Record<string, number> = {}
    result.users = await bulkInsert(tx, users, people)

    // Locked and disabled accounts cannot sign in, so they hold no live sessions.
    let owners = people.filter((user) => !user.lockedAt && !user.disabledAt).map((user) => user.id!)
    if (owners.length === 0 && counts.sessions > 0) {
      owners = (await tx.select({ id: users.id }).from(users)).map((row) => row.id)
      if (owners.length === 0) throw new Error('Sessions need users: seed some with --users.')
    }
    const sessionList = sessionRows(random, owners, counts.sessions, now)
    result.sessions = await bulkInsert(tx, sessions, sessionList)

    const serviceList = serviceRows(random, serviceCount?.n ?? 0, counts.services, now)
    result.services = await bulkInsert(tx, services, serviceList)

    const tree = attributeTree(random, counts.attributeKeys, now)
    result.attributeKeys = await bulkInsert(tx, attributeKeys, tree.keys)
    // The tree lists parents before children, so each chunk's parents are already stored.
    result.attributeKeyAssociations = await bulkInsert(
      tx,
      attributeKeyAssociations,
      tree.associations,
    )
    result.attributeKeyOptions = await bulkInsert(tx, attributeKeyOptions, tree.options)
    result.attributeKeyConditions = await bulkInsert(tx, attributeKeyConditions, tree.conditions)

    const events = counts.auditEvents ?? 0
    if (events > 0) {
      const cast = {
        users: await tx.select({ id: users.id, email: users.email }).from(users),
        staff: (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(arrayContains(users.permissions, ['users.write']))
        ).map((row) => row.id),
        services: await tx.select({ id: services.id, key: services.key }).from(services),
      }
      result.auditEvents = 0
      for (let done = 0; done < events; done += AUDIT_BATCH) {
        const batch = auditRows(random, cast, Math.min(AUDIT_BATCH, events - done), now)
        result.auditEvents += await bulkInsert(tx, auditLog, batch)
      }
    }
    return result
  })
  // Fresh statistics, so the first queries on the new rows pick their indexes.
  await db.execute(sql`analyze`)
  return { written, password, milliseconds: Math.round(performance.now() - started) }
}

/**
 * After a bulk load: the embedded database has no autovacuum, so it is vacuumed and analyzed here
 * as the server's hourly maintenance would (docs/server-storage.md); PostgreSQL is analyzed.
 */
export async function settleDatabase(database: Database): Promise<number> {
  const started = performance.now()
  if (database.pglite) await database.pglite.exec('vacuum (analyze)')
  else await database.db.execute(sql`analyze`)
  return performance.now() - started
}
