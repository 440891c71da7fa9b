// `npm run bench:login`: password sign-ins per second end to end, against the raw argon2id verify
// rate on the same cores (issue 17; goal ≥ 0.9×). Seeds a fresh PGlite DATA_DIR with the seed
// module, starts the real server, then measures in one run:
//   anchor  @node-rs/argon2 verify with the project's own parameters (server/domain/passwords.ts),
//           in this process while the server is idle, before and after the sign-ins;
//   e2e     POST /v1/login with right passwords, round robin over the seeded accounts that sign
//           in in one step, over keep-alive HTTP on 127.0.0.1.
// Every sign-in succeeds and each account signs in every few seconds at most, so neither the
// address throttle nor the lockout (both count failures) comes into play; the server keeps its
// default THROTTLE_* and LOCKOUT_*.
// Options: --users N (default 3000), --clients C (default 16), --seconds S (default 20),
// --anchor-seconds S (default 8).
import { rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { hash, verify } from '@node-rs/argon2'
import { ARGON2_OPTIONS } from '../server/domain/passwords'
import {
  client,
  cpuOf,
  memoryOf,
  ownCpu,
  percentile,
  runLoad,
  SEED_PASSWORD,
  seededDataDir,
  startBenchServer,
} from './bench/support'

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '3000' },
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '20' },
    'anchor-seconds': { type: 'string', default: '8' },
  },
})
const clients = Number(values.clients)
const seconds = Number(values.seconds)
const anchorSeconds = Number(values['anchor-seconds'])

/** Raw verifies per second: `clients` verifications in flight for `s` seconds. */
async function rawVerifyRate(storedHash: string, s: number) {
  let done = 0
  const cpu = ownCpu()
  const started = performance.now()
  const until = started + s * 1000
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        if (!(await verify(storedHash, SEED_PASSWORD))) throw new Error('verify failed')
        done += 1
      }
    }),
  )
  return {
    rate: done / ((performance.now() - started) / 1000),
    cpuMs: ((ownCpu() - cpu) / done) * 1000,
  }
}

console.log(`Seeding ${values.users} users…`)
const seeded = await seededDataDir({
  users: Number(values.users),
  sessions: 0,
  services: 0,
  attributeKeys: 0,
})
const accounts = seeded.plain
console.log(`${accounts.length} accounts sign in with a password alone.`)
const server = await startBenchServer(
  seeded.dataDir,
  {},
  process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
)
const http = client(server.port, clients)
try {
  let next = 0
  const signIns = (s: number) =>
    runLoad(clients, s, async () => {
      const username = accounts[next++ % accounts.length]!
      const answer = await http.send('POST', '/v1/login', {
        json: { username, password: SEED_PASSWORD },
      })
      if (answer.status !== 200) throw new Error(`login: ${answer.status} ${answer.body}`)
      return [{ name: 'login', status: answer.status, ms: answer.ms }]
    })

  const storedHash = await hash(SEED_PASSWORD, ARGON2_OPTIONS)
  await signIns(3) // warm-up: the JIT, the dummy hash, prepared statements
  await rawVerifyRate(storedHash, 1)
  const first = await rawVerifyRate(storedHash, anchorSeconds)
  const serverCpu = cpuOf(server.pid)
  const clientCpu = ownCpu()
  const run = await signIns(seconds)
  const serverCpuAfter = cpuOf(server.pid)
  const clientMs = ((ownCpu() - clientCpu) / run.count) * 1000
  const mainMs = ((serverCpuAfter.main - serverCpu.main) / run.count) * 1000
  const allMs = ((serverCpuAfter.all - serverCpu.all) / run.count) * 1000
  const second = await rawVerifyRate(storedHash, anchorSeconds)
  const before = first.rate
  const after = second.rate
  const anchor = (before + after) / 2
  const verifyMs = (first.cpuMs + second.cpuMs) / 2
  const rate = run.count / run.seconds
  const latencies = run.latencies.login ?? []

  const p = ARGON2_OPTIONS
  console.log(
    `\nargon2id m=${p.memoryCost} KiB t=${p.timeCost} p=${p.parallelism}; ` +
      `${availableParallelism()} cores; ${clients} in flight; server RSS ${memoryOf(server.pid).rss.toFixed(0)} MB`,
  )
  console.log(`raw verify (anchor)     ${before.toFixed(1)}/s before, ${after.toFixed(1)}/s after`)
  console.log(
    `sign-ins end to end     ${rate.toFixed(1)}/s  (${run.count} in ${run.seconds.toFixed(1)} s; ` +
      `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms)`,
  )
  console.log(
    `ratio                   ${(rate / anchor).toFixed(2)}×  (goal ≥ 0.90× of ${anchor.toFixed(1)}/s)`,
  )
  console.log(
    `\nCPU per operation       raw verify ${verifyMs.toFixed(2)} ms; sign-in: server ${allMs.toFixed(2)} ms ` +
      `(main thread ${mainMs.toFixed(2)} ms, other threads ${(allMs - mainMs).toFixed(2)} ms), ` +
      `load generator ${clientMs.toFixed(2)} ms`,
  )
  if (process.env.BENCH_THREADS)
    console.log(
      Object.entries(serverCpuAfter.threads)
        .map(
          ([name, s]) =>
            `${name}: ${(((s - (serverCpu.threads[name] ?? 0)) / run.count) * 1000).toFixed(2)} ms`,
        )
        .join(', '),
    )
  console.log(
    `CPU ratio               ${(verifyMs / (allMs + clientMs)).toFixed(2)}×  ` +
      `(raw verify CPU / sign-in CPU, server and load generator: what the ratio tends to on a quiet machine)`,
  )
} finally {
  http.close()
  await server.stop()
  rmSync(seeded.dataDir, { recursive: true, force: true })
}
