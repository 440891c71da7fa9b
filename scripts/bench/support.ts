// What bench:login, bench:api and bench:memory share: a fresh seeded PGlite DATA_DIR, a real
// server process on it (its pid, for RSS), and a load generator with bounded concurrency and a
// bounded duration over keep-alive HTTP on 127.0.0.1 only.
import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { and, isNull, or, sql } from 'drizzle-orm'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/database'
import { users } from '../../server/db/schema/users'
import { ensureAdministrator } from '../../server/use-cases/first-administrator'
import { type SeedCounts, SEED_PASSWORD, seedDatabase, settleDatabase } from '../seed/seed-database'
import { ensureServerBuilt } from '../server-build'

const root = resolve(import.meta.dirname, '../..')

export const ADMIN = { email: 'admin@example.com', password: 'Bench#Admin2026' } as const
export { SEED_PASSWORD }

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
export const mb = (value: number) => `${value.toFixed(0)} MB`

/** VmRSS and VmHWM (its peak so far) of a process, in MB. */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 }
}

export interface Seeded {
  dataDir: string
  /** Accounts that can sign in with SEED_PASSWORD in one step (no lock, no two-factor). */
  plain: string[]
  /** Of those, the ones that may read services. */
  serviceReaders: string[]
}

/**
 * A fresh DATA_DIR seeded by the seed module (scripts/seed), with the administrator, and the
 * addresses of the accounts a benchmark can sign in with.
 */
export async function seededDataDir(counts: SeedCounts): Promise<Seeded> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  })
  const database = await openDatabase(config)
  try {
    await ensureAdministrator(database.db, config)
    await seedDatabase(database.db, counts)
    await settleDatabase(database)
    const rows = await database.db
      .select({ email: users.email, permissions: users.permissions })
      .from(users)
      .where(
        and(
          isNull(users.lockedAt),
          isNull(users.disabledAt),
          isNull(users.lockedUntil),
          or(sql`not ${users.use2fa}`, isNull(users.phone)),
          sql`${users.email} <> ${ADMIN.email}`,
        ),
      )
    return {
      dataDir,
      plain: rows.map((row) => row.email),
      serviceReaders: rows
        .filter((row) => row.permissions.includes('services.read'))
        .map((row) => row.email),
    }
  } finally {
    await database.close()
  }
}

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

export interface BenchServer {
  url: string
  port: number
  pid: number
  output(): string
  stop(): Promise<void>
}

/** The Node flags `npm start` and the container give the server (package.json, Dockerfile). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8']
/**
 * And the environment they give it: glibc's malloc with two arenas (one per thread by default),
 * and its trim threshold fixed at its default, 128 KB, which stops glibc from raising it (and the
 * mmap threshold) after big frees and then keeping freed memory.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' }

/**
 * The server bundle (as `npm start` runs it) on `dataDir` (PGlite) and a free port of 127.0.0.1,
 * with extra environment. Its log goes to a file, as an operator's would: read through a pipe by
 * this busy load generator, the log's writes could wait on the reader and show as server latency.
 */
export async function startBenchServer(
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...SERVER_ENV,
    ...env,
  }
  delete childEnv.DATABASE_URL
  const logFile = join(mkdtempSync(join(tmpdir(), 'gatehouse-bench-log-')), 'server.log')
  const logFd = openSync(logFile, 'w')
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, ensureServerBuilt()],
    { cwd: root, env: childEnv, stdio: ['ignore', logFd, logFd] },
  )
  closeSync(logFd)
  const log = () => readFileSync(logFile, 'utf8')
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const deadline = Date.now() + 300_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${log()}`)
    try {
      if ((await fetch(`${url}/v1/self`)).status === 401) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The server did not answer within 300 s:\n${log()}`)
    }
    await sleep(150)
  }
  return {
    url,
    port,
    pid: child.pid!,
    output: log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      rmSync(dirname(logFile), { recursive: true, force: true })
    },
  }
}

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** From sending the request to the end of its answer. */
  ms: number
}

/** Keep-alive HTTP/1.1 on 127.0.0.1: cheap on the client side, so the server gets the cores. */
export function client(port: number, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets })
  return {
    send(
      method: 'GET' | 'POST',
      path: string,
      { json, cookie }: { json?: unknown; cookie?: string } = {},
    ): Promise<Answer> {
      const body = json === undefined ? '' : JSON.stringify(json)
      const headers: Record<string, string> = { origin: `http://127.0.0.1:${port}` }
      if (json !== undefined) {
        headers['content-type'] = 'application/json'
        headers['content-length'] = String(Buffer.byteLength(body))
      }
      if (cookie) headers.cookie = cookie
      return new Promise((done, fail) => {
        const sent = performance.now()
        const req = httpRequest(
          { host: '127.0.0.1', port, path, method, headers, agent },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () =>
              done({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString(),
                ms: performance.now() - sent,
              }),
            )
          },
        )
        req.on('error', fail)
        req.end(body)
      })
    },
    close: () => agent.destroy(),
  }
}

export const cookieOf = (answer: Answer) => {
  const set = answer.headers['set-cookie']
  return ((Array.isArray(set) ? set[0] : set) ?? '').split(';')[0] ?? ''
}

export interface RunResult {
  seconds: number
  /** Answers by status. */
  statuses: Record<number, number>
  /** Latencies in ms of each named step. */
  latencies: Record<string, number[]>
  count: number
}

/**
 * Runs `workers` loops of `step` for `seconds` (each started step finishes) and collects each
 * step's latency under the name it answers, and the status counts.
 */
export async function runLoad(
  workers: number,
  seconds: number,
  step: (
    worker: number,
    iteration: number,
  ) => Promise<{ name: string; status: number; ms: number }[]>,
): Promise<RunResult> {
  const result: RunResult = { seconds: 0, statuses: {}, latencies: {}, count: 0 }
  const started = performance.now()
  const until = started + seconds * 1000
  const loop = async (worker: number) => {
    for (let i = 0; performance.now() < until; i++) {
      const answers = await step(worker, i)
      for (const { name, status, ms } of answers) {
        result.statuses[status] = (result.statuses[status] ?? 0) + 1
        ;(result.latencies[name] ??= []).push(ms)
        result.count += 1
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, (_, w) => loop(w)))
  result.seconds = (performance.now() - started) / 1000
  return result
}

/** The p-th percentile (0..100) by nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** CPU seconds (user + system) a process has used: all its threads, and its main thread alone. */
export function cpuOf(pid: number) {
  const seconds = (path: string) => {
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  }
  const threads: Record<string, number> = {}
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim()
      threads[name] = (threads[name] ?? 0) + seconds(`/proc/${pid}/task/${task}/stat`)
    } catch {
      // the thread ended meanwhile
    }
  }
  return {
    all: seconds(`/proc/${pid}/stat`),
    main: seconds(`/proc/${pid}/task/${pid}/stat`),
    threads,
  }
}

/** CPU seconds this process has used. */
export const ownCpu = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}
