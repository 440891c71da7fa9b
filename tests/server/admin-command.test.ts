import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureAdministrator } from '../../server/use-cases/first-administrator'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/database'
import { auditLog } from '../../server/db/schema/audit'
import { users, type UserRow } from '../../server/db/schema/users'
import { passwords } from '../../server/domain/passwords'
import { runAdmin } from '../../scripts/admin/run'
import { stringMatching } from './fixtures'

const ADMIN_EMAIL = 'root@example.com'
type Env = Record<string, string>

/** A place the command can work on, as an operator's environment names it. */
interface Target {
  env: Env
  dataDir: string
  drop(): Promise<void>
}

function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-admin-'))
  return Promise.resolve({
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    dataDir,
    drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  })
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-admin-'))
  const name = `gatehouse_admin_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    await client.query(sql)
    await client.end()
  }
  await run(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    async drop() {
      await run(`drop database if exists ${name} with (force)`)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Opens the target's database as the server would, runs `work`, closes it again. */
async function withDatabase<T>(
  target: Target,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const config = loadConfig({ ...target.env, ADMIN_EMAIL, ADMIN_PASSWORD: 'Root#Pass2026' })
  const database = await openDatabase(config)
  try {
    // The first call creates the administrator, as the server's first start would.
    await ensureAdministrator(database.db, config)
    return await work(database.db)
  } finally {
    await database.close()
  }
}

const adminRow = async (target: Target): Promise<UserRow> =>
  withDatabase(target, async (db) => {
    const [row] = await db.select().from(users).where(eq(users.email, ADMIN_EMAIL))
    if (!row) throw new Error('no administrator')
    return row
  })

const lockAdmin = (target: Target) =>
  withDatabase(target, (db) =>
    db
      .update(users)
      .set({ lockedAt: new Date() })
      .where(eq(users.email, ADMIN_EMAIL)),
  )

async function admin(target: Target, ...argv: string[]) {
  let out = ''
  let err = ''
  const code = await runAdmin(argv, target.env, {
    out: (text) => void (out += text),
    err: (text) => void (err += text),
  })
  return { code, out, err }
}

const mails = (target: Target) => {
  const dir = path.join(target.dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map(
      (name) =>
        JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { to: string; text: string },
    )
}

const backends: [string, () => Promise<Target>][] = [['PGlite in DATA_DIR', pgliteTarget]]
const postgresUrl = process.env.TEST_DATABASE_URL
if (postgresUrl) backends.push(['PostgreSQL', () => postgresTarget(postgresUrl)])

// Each command opens and closes the database, which takes seconds on PGlite.
describe.each(backends)('npm run admin on %s', { timeout: 60_000 }, (_name, makeTarget) => {
  let target: Target
  beforeAll(async () => {
    target = await makeTarget()
    await adminRow(target)
  }, 60_000)
  afterAll(async () => {
    await target.drop()
  })

  it('unlock lifts the last administrator’s lock and emails the reset link', async () => {
    await lockAdmin(target)
    const { code, out } = await admin(target, 'unlock', 'Root@Example.com')
    expect(code).toBe(0)
    expect(out).toMatch(/Unlocked root@example\.com\. A password reset link was emailed/)
    expect(await adminRow(target)).toMatchObject({ lockedAt: null, lockedUntil: null })
    expect(
      mails(target)
        .filter((m) => m.to === ADMIN_EMAIL)
        .at(-1)?.text,
    ).toMatch(/\/passwordReset\/[A-Za-z0-9_-]+/)
    const audit = await withDatabase(target, (db) =>
      db.select().from(auditLog).where(eq(auditLog.action, 'account.unlocked')),
    )
    expect(audit.at(-1)).toMatchObject({ ip: 'local', userAgent: 'gatehouse admin command' })

    const again = await admin(target, 'unlock', ADMIN_EMAIL)
    expect(again).toMatchObject({ code: 0, out: stringMatching(/was not locked/) })
  })

  it('reset-password prints a generated password that must be changed, and lifts the lock', async () => {
    await lockAdmin(target)
    const { code, out } = await admin(target, 'reset-password', ADMIN_EMAIL)
    expect(code).toBe(0)
    const password = /is now:\n\n {2}(\S+)\n/.exec(out)?.[1] ?? ''
    const row = await adminRow(target)
    expect(await passwords.verify(row.passwordHash, password)).toBe(true)
    expect(row).toMatchObject({ mustChangePassword: true, lockedAt: null })
  })

  it('reset-password --mail emails a reset link instead', async () => {
    const before = mails(target).length
    const { code, out } = await admin(target, 'reset-password', ADMIN_EMAIL, '--mail')
    expect(code).toBe(0)
    expect(out).toMatch(/A password reset link was emailed to root@example\.com/)
    expect(mails(target)).toHaveLength(before + 1)
  })

  it('refuses an unknown or malformed email with exit code 1', async () => {
    expect(await admin(target, 'unlock', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: 'Cannot run: No account has the email nobody@example.com.\n',
    })
    expect(await admin(target, 'reset-password', 'not-an-email')).toMatchObject({
      code: 1,
      err: stringMatching(/is not an email address/),
    })
  })
})

describe('npm run admin usage', () => {
  const target: Target = {
    env: { DATA_DIR: path.join(tmpdir(), 'gatehouse-admin-nowhere'), DATABASE_URL: '' },
    dataDir: '',
    drop: async () => {},
  }

  it.each([
    [[], /Name a command/],
    [['frobnicate', 'a@example.com'], /Unknown command "frobnicate"/],
    [['unlock'], /unlock takes one email address/],
    [['unlock', 'a@example.com', 'b@example.com'], /unlock takes one email address/],
    [['unlock', 'a@example.com', '--mail'], /--mail goes with reset-password/],
    [['unlock', '--force', 'a@example.com'], /Unknown option '--force'/],
  ])('%j: usage and exit code 2', async (argv, message) => {
    const { code, err } = await admin(target, ...argv)
    expect(code).toBe(2)
    expect(err).toMatch(message)
    expect(err).toMatch(/usage: npm run admin -- unlock <email>/)
  })

  it('refuses a DATA_DIR without a database instead of creating one', async () => {
    const { code, err } = await admin(target, 'unlock', 'a@example.com')
    expect(code).toBe(1)
    expect(err).toMatch(/There is no Gatehouse database in DATA_DIR/)
    expect(existsSync(target.env.DATA_DIR ?? '')).toBe(false)
  })
})

describe('npm run admin as a process', () => {
  const run = promisify(execFile)

  it(
    'unlocks on PGlite, and refuses while a server holds DATA_DIR',
    { timeout: 120_000 },
    async () => {
      const target = await pgliteTarget()
      try {
        await lockAdmin(target)
        const npm = (argv: string[]) =>
          run('npm', ['run', '--silent', 'admin', '--', ...argv], {
            env: { ...process.env, ...target.env },
          }).then(
            ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
            (error: { code: number; stdout: string; stderr: string }) => error,
          )
        const done = await npm(['unlock', ADMIN_EMAIL])
        expect(done.code).toBe(0)
        expect(done.stdout).toMatch(/Unlocked root@example\.com/)

        // A live process that is not this one holds the lock, as a running server would.
        writeFileSync(path.join(target.dataDir, 'gatehouse.lock'), `${process.ppid}\n`)
        const refused = await npm(['reset-password', ADMIN_EMAIL])
        expect(refused.code).toBe(1)
        expect(refused.stderr).toMatch(/DATA_DIR .* is in use by another Gatehouse process/)
        expect(refused.stderr).toMatch(/Stop the server first/)
      } finally {
        rmSync(path.join(target.dataDir, 'gatehouse.lock'), { force: true })
        await target.drop()
      }
    },
  )
})
