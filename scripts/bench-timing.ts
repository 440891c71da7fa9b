// `npm run bench:timing`: does an answer tell whether a username or address has an account?
// Builds the app on PGlite (a temporary DATA_DIR) to add accounts, serves it, then sends login attempts with wrong passwords
// and reset requests for known and unknown accounts, interleaved, and prints the median answer
// times side by side. Each known account is tried once and every request comes from its own
// address, so lockout and throttles stay out of the figures. Speed is measured here, never in tests.
// Options: --n N (attempts of each kind, default 200).
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

const { values } = parseArgs({ options: { n: { type: 'string', default: '200' } } })
const n = Number(values.n)
const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-timing-'))

// Known accounts, one per attempt, written by the app itself; one hash serves them all.
const known = Array.from({ length: 2 * n + 20 }, (_, i) => `known${i}@example.com`)
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
await seeder.db.insert(users).values(
  known.map((email, i) => ({
    nameFirst: 'Known',
    nameLast: `User${i}`,
    email,
    passwordHash,
    passwordChangedAt: now,
    permissions: [],
    type: 'EXTERNAL' as const,
  })),
)
await seeder.close()

// The server runs in a process of its own, as in production: work it leaves for after an answer
// must not stall the measuring side.
const server = await startServer({}, dataDir)
const base = new URL(server.url)

// Each request comes from its own loopback address (127.0.0.0/8 all reaches this host).
let address = 0
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
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : {},
      },
      (response) => {
        response.resume()
        response.on('end', () => {
          const ms = performance.now() - started
          if ((response.statusCode ?? 500) >= 500)
            reject(new Error(`${path}: ${response.statusCode}`))
          else resolve(ms)
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

type Probe = (account: string) => Promise<number>
const login: Probe = (username) => timed('/v1/login', { username, password: 'Wrong#Pass2026' })
const reset: Probe = (email) => timed(`/v1/passwordReset/${encodeURIComponent(email)}`)

/** n pairs, known and unknown alternating (which goes first alternates too). */
async function compare(probe: Probe, accounts: string[]) {
  const times = { known: [] as number[], unknown: [] as number[] }
  for (let i = 0; i < n; i++) {
    const stranger = `nobody${i}.${probe === login ? 'l' : 'r'}@example.com`
    const pair = [
      ['known', accounts[i]!],
      ['unknown', stranger],
    ] as const
    for (const [kind, account] of i % 2 ? [...pair].reverse() : pair) {
      times[kind].push(await probe(account))
      // Work left for after an answer (a reset mail) must not land on the next measurement.
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  return { known: median(times.known), unknown: median(times.unknown) }
}

// Warm-up: the dummy hash, prepared statements, the JIT.
for (let i = 0; i < 10; i++) {
  await login(known[2 * n + i]!)
  await login(`warmup${i}@example.com`)
}

const results = {
  'login (wrong password)': await compare(login, known.slice(0, n)),
  'password reset request': await compare(reset, known.slice(n, 2 * n)),
}

const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10)
console.log(`\nmedian answer time over ${n} attempts of each kind (HTTP on loopback, PGlite)\n`)
console.log(
  `${''.padEnd(24)}${'known'.padStart(10)}${'unknown'.padStart(10)}${'difference'.padStart(12)}`,
)
for (const [name, { known, unknown }] of Object.entries(results))
  console.log(`${name.padEnd(24)}${ms(known)}${ms(unknown)}${ms(known - unknown).padStart(12)}`)

await server.stop()
rmSync(dataDir, { recursive: true, force: true })
