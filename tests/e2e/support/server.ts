import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ensureServerBuilt } from '../../../scripts/server-build'

export const ADMIN = { email: 'admin@example.com', password: 'Gatehouse#2026' } as const

export interface OutboxMessage {
  id: string
  channel: 'email' | 'sms'
  to: string
  subject?: string
  text: string
  createdAt: string
}

export interface TestServer {
  url: string
  dataDir: string
  /** Messages the log transport wrote, oldest first. */
  outbox(): OutboxMessage[]
  stop(): Promise<void>
}

const root = resolve(import.meta.dirname, '../../..')

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      )
    })
  })
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // A loaded machine (two cores, parallel workers) can take a while to compile and open PGlite.
  const deadline = Date.now() + Number(process.env.SERVER_START_TIMEOUT_MS ?? 60_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}):\n${output()}`)
    try {
      const answer = await fetch(`${url}/v1/self`)
      if (answer.status === 401) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`The server did not answer in time (SERVER_START_TIMEOUT_MS):\n${output()}`)
}

export interface StartOptions {
  /**
   * The host name of `url` and PUBLIC_URL; the server still listens on 127.0.0.1. WebAuthn refuses
   * IP addresses as relying party ids, so passkey specs browse to 'localhost'.
   */
  hostname?: string
}

/**
 * Starts a real Gatehouse server on a free port with a fresh DATA_DIR (embedded PGlite), or on
 * the directory given (a benchmark seeds it first). Only a directory it made is removed on stop.
 */
export async function startServer(
  env: Record<string, string> = {},
  given?: string,
  { hostname = '127.0.0.1' }: StartOptions = {},
): Promise<TestServer> {
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'))
  const port = await freePort()
  const url = `http://${hostname}:${port}`
  let log = ''
  // The bundle `npm start` runs, built here if stale, so no caller has to remember it.
  const child = spawn(process.execPath, [ensureServerBuilt()], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Webhook receivers in the specs listen on 127.0.0.1 over plain HTTP (issue 33).
      WEBHOOK_PRIVATE_TARGETS: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  await waitUntilUp(`http://127.0.0.1:${port}`, child, () => log)

  return {
    url,
    dataDir,
    outbox() {
      const dir = join(dataDir, 'outbox')
      if (!existsSync(dir)) return []
      return readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMessage)
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      if (!given) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The newest six-digit security code sent by SMS to the phone. Delivery runs just after the sign-in
 * answer, so this waits for the outbox file to appear (and for a code newer than `after`, if given).
 */
export async function latestSecurityCode(
  server: TestServer,
  phone: string,
  after?: string,
): Promise<string> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const message = server
      .outbox()
      .filter((m) => m.channel === 'sms' && m.to.endsWith(phone) && (!after || m.createdAt > after))
      .at(-1)
    const code = message?.text.match(/\b(\d{6})\b/)?.[1]
    if (code) return code
    if (Date.now() > deadline) throw new Error(`No security code was sent to ${phone}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export interface SeedCounts {
  users: number
  sessions: number
  services: number
  attributeKeys?: number
}

/**
 * A server on a database filled by `npm run seed`. The first start creates the administrator on the
 * empty directory; the seed then adds everyone else, as an operator would do it.
 */
export async function startSeededServer(
  counts: SeedCounts,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'))
  await (await startServer(env, dataDir)).stop()
  const args = [
    '--users',
    counts.users,
    '--sessions',
    counts.sessions,
    '--services',
    counts.services,
    '--attribute-keys',
    counts.attributeKeys ?? 20,
  ]
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed.ts', ...args.map(String)],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      encoding: 'utf8',
    },
  )
  if (seeded.status !== 0) throw new Error(`Seeding failed:\n${seeded.stdout}\n${seeded.stderr}`)
  const server = await startServer(env, dataDir)
  return {
    ...server,
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
