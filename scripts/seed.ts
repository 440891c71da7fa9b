// `npm run seed -- --users N --sessions N --services N --attribute-keys N --audit-events N`: bulk realistic data
// into the configured database (DESIGN.md §2). PGlite in DATA_DIR takes the DATA_DIR lock, so the
// server must not be running on the same directory.
import { parseArgs } from 'node:util'
import { ensureAdministrator, signInInstructions } from '../server/use-cases/first-administrator'
import { ConfigError, loadConfig } from '../server/config'
import { openDatabase } from '../server/db/database'
import { DataDirLockedError } from '../server/db/lock'
import { type SeedCounts, seedDatabase, settleDatabase } from './seed/seed-database'

const USAGE =
  'usage: npm run seed -- [--users N] [--sessions N] [--services N] [--attribute-keys N] [--audit-events N] [--seed N]'

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw new ConfigError(`--${name} must be a whole number (got ${value})`)
  return Number(value)
}

function readArguments(): { counts: SeedCounts; seed?: number } {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      sessions: { type: 'string' },
      services: { type: 'string' },
      'attribute-keys': { type: 'string' },
      'audit-events': { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  return {
    counts: {
      users: count(values.users, 'users', 100),
      sessions: count(values.sessions, 'sessions', 500),
      services: count(values.services, 'services', 20),
      attributeKeys: count(values['attribute-keys'], 'attribute-keys', 30),
      auditEvents: count(values['audit-events'], 'audit-events', 0),
    },
    seed: values.seed === undefined ? undefined : count(values.seed, 'seed', 0),
  }
}

try {
  const { counts, seed } = readArguments()
  const config = loadConfig(process.env)
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`
  console.log(`Seeding ${where}…`)
  const database = await openDatabase(config)
  try {
    // Seeded users would make the first start think the administrator exists; create it first.
    const bootstrap = await ensureAdministrator(database.db, config)
    const result = await seedDatabase(database.db, counts, { seed })
    const written = Object.entries(result.written)
      .map(([table, rows]) => `${rows} ${table}`)
      .join(', ')
    console.log(`Wrote ${written} in ${(result.milliseconds / 1000).toFixed(1)} s.`)
    const settled = await settleDatabase(database)
    console.log(`Vacuumed and analyzed in ${(settled / 1000).toFixed(1)} s.`)
    if (result.written.users)
      console.log(`Seeded users sign in with their email and the password ${result.password}`)
    process.stdout.write(signInInstructions(bootstrap, config.publicUrl))
  } finally {
    await database.close()
  }
} catch (error) {
  const badArgument = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ?? false
  if (error instanceof ConfigError || error instanceof DataDirLockedError || badArgument) {
    console.error(`Cannot seed: ${(error as Error).message}\n${USAGE}`)
  } else {
    console.error('Cannot seed:', error)
  }
  process.exit(1)
}
