import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { buildApp, type BuildOptions } from '../../server/app'
import type { App } from '../../server/app-types'
import { type Config, loadConfig } from '../../server/config'
import { fromPglite, fromPool } from '../../server/db/database'
import type { Database, Db } from '../../server/db/types'
import { migratedPglite } from './pglite-template'

export const ADMIN = { email: 'admin@example.com', password: 'Admin#Pass2026' } as const

export interface TestApp {
  app: App
  db: Db
  config: Config
  dataDir: string
  /** Everything the app printed (log transport, notices). */
  printed: string[]
  close(): Promise<void>
}

/** A fresh database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
async function freshDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    const client = await migratedPglite()
    return fromPglite(client, () => client.close())
  }
  const name = `gatehouse_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 })
  return fromPool(pool, async () => {
    await pool.end()
    const dropper = new pg.Client({ connectionString: adminUrl })
    await dropper.connect()
    await dropper.query(`drop database if exists ${name} with (force)`)
    await dropper.end()
  })
}

export interface BuildTestOptions {
  consoleDir?: string
  /** Fastify's logger option (off by default), e.g. a pino options object with a capturing stream. */
  logger?: BuildOptions['logger']
}

/** Builds the app on a fresh database and a temporary DATA_DIR; `env` overrides configuration. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: BuildTestOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-test-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://localhost:8080',
    ...env,
  })
  const database = await freshDatabase()
  const printed: string[] = []
  const app = await buildApp({
    config,
    database,
    print: (text) => void printed.push(text),
    // No console unless a test brings one, so results do not depend on a local build.
    consoleDir: options.consoleDir ?? path.join(dataDir, 'no-console'),
    logger: options.logger,
  })
  return {
    app,
    db: database.db,
    config,
    dataDir,
    printed,
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** One app per test file: built before the first test, closed after the last. */
export function useTestApp(env: Record<string, string> = {}, options: BuildTestOptions = {}) {
  const holder = {} as TestApp
  beforeAll(async () => {
    Object.assign(holder, await buildTestApp(env, options))
  })
  afterAll(async () => {
    await holder.close()
  })
  return holder
}

/**
 * A second app on the test app's PostgreSQL database, as a second server process would be
 * (PostgreSQL only: PGlite is one process). Built before the first test, closed after the last.
 */
export function useSecondProcess(t: TestApp) {
  const holder = {} as { app: App; pool: pg.Pool }
  beforeAll(async () => {
    holder.pool = new pg.Pool({ ...t.app.database.pool!.options, max: 2 })
    holder.app = await buildApp({ config: t.config, database: fromPool(holder.pool) })
  })
  afterAll(async () => {
    await holder.app.close()
    await holder.pool.end()
  })
  return holder
}

/** app.inject for a JSON call, with an optional session cookie and client address. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  extra: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method,
    url,
    remoteAddress: extra.ip ?? '127.0.0.1',
    headers: { ...(extra.cookie ? { cookie: extra.cookie } : {}), ...extra.headers },
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  }
  return t.app.inject(options)
}

/** The `name=value` of the session cookie a response set, for the next request's Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('gatehouse_session'))
  if (!cookie?.value)
    throw new Error(`No session cookie in ${response.statusCode} ${response.body}`)
  return `${cookie.name}=${cookie.value}`
}

/** Signs in with a password (no second factor) and answers the session cookie. */
export async function signIn(t: TestApp, username: string, password: string, ip?: string) {
  const response = await call(t, 'POST', '/v1/login', { username, password }, { ip })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`)
  return sessionCookieOf(response)
}

export interface OutboxFile {
  id: string
  channel: 'email' | 'sms'
  to: string
  subject?: string
  text: string
  createdAt: string
}

/** Messages the log transport wrote to DATA_DIR/outbox, oldest first. */
export function outboxFiles(t: TestApp): OutboxFile[] {
  const dir = path.join(t.dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as OutboxFile)
}

/** The newest security code sent by SMS to `phone`. */
export function latestSmsCode(t: TestApp, phone: string): string {
  const message = outboxFiles(t)
    .filter((m) => m.channel === 'sms' && m.to === phone)
    .at(-1)
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1]
  if (!code) throw new Error(`no security code was sent to ${phone}`)
  return code
}
