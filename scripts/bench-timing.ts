// `npm run bench:timing`: does an answer tell whether a username or address has an account?
// Builds the app on PGlite (a temporary DATA_DIR) to add accounts, serves it from a process of its
// own, then sends wrong-password sign-ins and reset requests for known and unknown accounts in
// interleaved pairs (which of the two goes first alternates), every request from an address of
// its own so that throttles stay out of the figures, each known account and unknown name once so
// that no lock does. Prints per probe the paired medians, the median of the pairs' differences
// with a 95 % bootstrap interval, and P(known slower). Speed is measured here, never in tests.
// Options: --pairs N (default 500), --pause MS between requests (default 20).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { request as httpRequest } from 'node:http'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { users } from '../server/db/schema/users'
import { passwords } from '../server/domain/passwords'
import { ADMIN, startServer } from '../tests/e2e/support/server'

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '500' },
    pause: { type: 'string', default: '20' },
  },
})
const pairs = Number(values.pairs)
const pauseMs = Number(values.pause)
const GOAL_MS = 0.5
const WARMUP = 20
const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-timing-'))

// Known accounts, one per attempt, written by the app itself; one hash serves them all.
const known = Array.from({ length: 2 * pairs + WARMUP }, (_, i) => `known${i}@example.com`)
const seeder = await buildApp({
  config: loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  }),
  print: () => {},
})
const passwordHash = await passwords.hash('Known#Pass2026')
const now = new Date()
for (let i = 0; i < known.length; i += 500) {
  await seeder.db.insert(users).values(
    known.slice(i, i + 500).map((email, j) => ({
      nameFirst: 'Known',
      nameLast: `User${i + j}`,
      email,
      passwordHash,
      passwordChangedAt: now,
      permissions: [],
      type: 'EXTERNAL' as const,
    })),
  )
}
await seeder.close()

// The server runs in a process of its own, as in production: work it leaves for after an answer
// must not stall the measuring side.
const server = await startServer({}, dataDir)
const base = new URL(server.url)

// Each request comes from its own loopback address (127.0.0.0/8 all reaches this host).
let address = 256
const nextIp = () => {
  address += 1
  return `127.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255 || 1}`
}

/** Milliseconds from sending a request over HTTP to the end of its answer, as a stranger measures. */
function timed(path: string, payload?: Record<string, string>): Promise<number> {
  const body = payload ? JSON.stringify(payload) : ''
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const request = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        localAddress: nextIp(),
        agent: false,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : {},
      },
      (response) => {
        response.resume()
        response.on('end', () => {
          const ms = performance.now() - started
          const status = response.statusCode ?? 500
          if (status >= 500 || status === 429) reject(new Error(`${path}: ${status}`))
          else resolve(ms)
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** A 95 % percentile-bootstrap interval of the median of `xs` (2,000 resamples, fixed seed). */
function bootstrapMedian(xs: readonly number[]): [number, number] {
  let seed = 2026
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const medians: number[] = []
  for (let r = 0; r < 2000; r++) {
    medians.push(median(xs.map(() => xs[Math.floor(random() * xs.length)]!)))
  }
  medians.sort((a, b) => a - b)
  return [medians[49]!, medians[1949]!]
}

type Probe = (account: string) => Promise<number>
const login: Probe = (username) => timed('/v1/login', { username, password: 'Wrong#Pass2026' })
const reset: Probe = (email) => timed(`/v1/passwordReset/${encodeURIComponent(email)}`)
const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs))

/** `pairs` pairs, known and unknown back to back (which goes first alternates). */
async function compare(probe: Probe, accounts: string[], tag: string) {
  const knownMs: number[] = []
  const unknownMs: number[] = []
  for (let i = 0; i < pairs; i++) {
    const stranger = `nobody${i}.${tag}@example.com`
    if (i % 2) {
      unknownMs.push(await probe(stranger))
      await pause()
      knownMs.push(await probe(accounts[i]!))
    } else {
      knownMs.push(await probe(accounts[i]!))
      await pause()
      unknownMs.push(await probe(stranger))
    }
    // Work left for after an answer (a reset mail) must not land on the next measurement.
    await pause()
  }
  const differences = knownMs.map((ms, i) => ms - unknownMs[i]!)
  return {
    known: median(knownMs),
    unknown: median(unknownMs),
    difference: median(differences),
    interval: bootstrapMedian(differences),
    knownSlower: differences.filter((d) => d > 0).length / differences.length,
  }
}

// Warm-up: the dummy hash, prepared statements, the JIT.
for (let i = 0; i < WARMUP; i++) {
  await login(known[2 * pairs + i]!)
  await login(`warmup${i}@example.com`)
  await reset(`warmup${i}@example.com`)
}

const results = {
  'login (wrong password)': await compare(login, known.slice(0, pairs), 'l'),
  'password reset request': await compare(reset, known.slice(pairs, 2 * pairs), 'r'),
}

const ms = (value: number) => `${value.toFixed(2)} ms`
console.log(
  `\n${pairs} interleaved pairs of each kind, every request from its own address (HTTP on loopback, PGlite)\n`,
)
console.log(
  `${''.padEnd(24)}${'known'.padStart(10)}${'unknown'.padStart(10)}${'paired diff'.padStart(13)}${'95% interval'.padStart(22)}${'P(known slower)'.padStart(17)}  goal |diff| < ${GOAL_MS} ms`,
)
for (const [name, r] of Object.entries(results)) {
  const interval = `[${r.interval[0].toFixed(2)}, ${r.interval[1].toFixed(2)}]`
  const met = Math.abs(r.difference) < GOAL_MS ? 'met' : 'NOT met'
  console.log(
    `${name.padEnd(24)}${ms(r.known).padStart(10)}${ms(r.unknown).padStart(10)}${ms(r.difference).padStart(13)}${interval.padStart(22)}${r.knownSlower.toFixed(2).padStart(17)}  ${met}`,
  )
}

await server.stop()
rmSync(dataDir, { recursive: true, force: true })
