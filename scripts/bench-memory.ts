// `npm run bench:memory`: one server process's RSS idle on PGlite (issue 17; goal ≤ 250 MB idle).
// Seeds a fresh DATA_DIR with the seed module (the first start's initdb and migrations happen in
// this process, not in the server's), starts the real server on it and prints its RSS beside the
// goal: 10 s after start, and 40 s after start, when V8 has finished tiering PGlite's WebAssembly
// up in the background. `npm run bench:api` prints RSS idle and after its load too.
// Options: --users N (default 3000). BENCH_NODE_ARGS passes flags to the server's node.
import { rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { mb, memoryOf, seededDataDir, sleep, startBenchServer } from './bench/support'

const GOAL_IDLE_MB = 250
const { values } = parseArgs({ options: { users: { type: 'string', default: '3000' } } })
const seeded = await seededDataDir({
  users: Number(values.users),
  sessions: 1000,
  services: 200,
  attributeKeys: 20,
})
const started = Date.now()
const server = await startBenchServer(
  seeded.dataDir,
  {},
  process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
)
try {
  const upAfter = (Date.now() - started) / 1000
  const rows: [string, number][] = []
  for (const at of [10, 40]) {
    await sleep(Math.max(0, started + at * 1000 - Date.now()))
    rows.push([`idle, ${at} s after start`, memoryOf(server.pid).rss])
  }
  console.log(`\nserver up in ${upAfter.toFixed(1)} s; RSS against the goal ≤ ${GOAL_IDLE_MB} MB`)
  for (const [label, rss] of rows)
    console.log(
      `${label.padEnd(26)}${mb(rss).padStart(8)}  ${rss <= GOAL_IDLE_MB ? 'met' : 'NOT met'}`,
    )
} finally {
  await server.stop()
  rmSync(seeded.dataDir, { recursive: true, force: true })
}
