// `npm run bench:api`: 50 signed-in clients on GET /v1/self + POST /v1/sync/services (issue 17;
// goal p99 < 150 ms), and the server's RSS idle and after the load (goal ≤ 250 MB idle). Seeds a
// fresh PGlite DATA_DIR with the seed module, starts the real server on it, signs each client in
// (its own account, with services.read), then every client loops: GET /v1/self, POST
// /v1/sync/services {cursor: null}, for a bounded time over keep-alive HTTP on 127.0.0.1.
// Options: --clients C (default 50), --seconds S (default 20), --users N (default 3000),
// --services N (default 200).
import { rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import {
  client,
  cookieOf,
  cpuOf,
  mb,
  memoryOf,
  percentile,
  runLoad,
  SEED_PASSWORD,
  seededDataDir,
  sleep,
  startBenchServer,
} from './bench/support'

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    users: { type: 'string', default: '3000' },
    services: { type: 'string', default: '200' },
  },
})
const clients = Number(values.clients)
const seconds = Number(values.seconds)
const GOAL_P99_MS = 150
const GOAL_IDLE_MB = 250

console.log(`Seeding ${values.users} users, ${values.services} services…`)
const seeded = await seededDataDir({
  users: Number(values.users),
  sessions: 1000,
  services: Number(values.services),
  attributeKeys: 20,
})
if (seeded.serviceReaders.length === 0) throw new Error('No seeded account may read services.')
const server = await startBenchServer(
  seeded.dataDir,
  {},
  process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
)
const http = client(server.port, clients)
try {
  await sleep(10_000)
  const idle = memoryOf(server.pid).rss

  const cookies: string[] = []
  for (let i = 0; i < clients; i++) {
    const username = seeded.serviceReaders[i % seeded.serviceReaders.length]!
    const answer = await http.send('POST', '/v1/login', {
      json: { username, password: SEED_PASSWORD },
    })
    if (answer.status !== 200) throw new Error(`login: ${answer.status} ${answer.body}`)
    cookies.push(cookieOf(answer))
  }
  const step = async (worker: number) => {
    const cookie = cookies[worker]!
    const self = await http.send('GET', '/v1/self', { cookie })
    const sync = await http.send('POST', '/v1/sync/services', { cookie, json: { cursor: null } })
    for (const answer of [self, sync])
      if (answer.status !== 200) throw new Error(`${answer.status} ${answer.body}`)
    return [
      { name: 'GET /v1/self', status: self.status, ms: self.ms },
      { name: 'POST /v1/sync/services', status: sync.status, ms: sync.ms },
    ]
  }
  await runLoad(clients, 3, step) // warm-up
  let peak = memoryOf(server.pid).rss
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid).rss)), 100)
  const cpu = cpuOf(server.pid)
  const run = await runLoad(clients, seconds, step)
  const cpuAfter = cpuOf(server.pid)
  clearInterval(sampler)
  const afterLoad = memoryOf(server.pid).rss
  await sleep(10_000)
  const settled = memoryOf(server.pid).rss

  const all = Object.values(run.latencies).flat()
  const row = (name: string, xs: number[]) =>
    `${name.padEnd(26)}${String(xs.length).padStart(7)}` +
    [50, 95, 99].map((p) => `${percentile(xs, p).toFixed(0)} ms`.padStart(9)).join('')
  console.log(
    `\n${clients} clients, ${run.seconds.toFixed(1)} s, ${seeded.serviceReaders.length} ` +
      `service readers, PGlite; ${(run.count / run.seconds).toFixed(0)} req/s; server CPU ` +
      `${(((cpuAfter.all - cpu.all) / run.count) * 1000).toFixed(2)} ms per request`,
  )
  console.log(
    `${''.padEnd(26)}${'answers'.padStart(7)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}`,
  )
  for (const [name, xs] of Object.entries(run.latencies)) console.log(row(name, xs))
  console.log(row('all', all))
  const p99 = percentile(all, 99)
  console.log(
    `p99 ${p99.toFixed(0)} ms against the goal < ${GOAL_P99_MS} ms: ${p99 < GOAL_P99_MS ? 'met' : 'NOT met'}`,
  )
  console.log(`\nserver RSS                 MB   goal ≤ ${GOAL_IDLE_MB} MB idle`)
  console.log(
    `idle (10 s after start) ${mb(idle).padStart(7)}   ${idle <= GOAL_IDLE_MB ? 'met' : 'NOT met'}`,
  )
  console.log(`peak under load         ${mb(peak).padStart(7)}`)
  console.log(`after the load          ${mb(afterLoad).padStart(7)}`)
  console.log(`settled (10 s later)    ${mb(settled).padStart(7)}`)
} finally {
  http.close()
  await server.stop()
  rmSync(seeded.dataDir, { recursive: true, force: true })
}
