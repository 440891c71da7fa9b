// `npm run bench:sync`: how fast a console fills its caches from a large database (issue 3).
// Seeds a fresh database, starts the server, signs in with headless Chromium and prints figures.
// Options: --users N --sessions N --services N (defaults 20,000 / 100,000 / 2,000).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Page } from '@playwright/test'
import { ensureConsoleBuilt } from './console-build'
import { ADMIN, startServer } from '../tests/e2e/support/server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'
import { Collections } from '../schema/sync'
import { IDENTITY_STORES } from '../src/data/db/identity'
import { ATTRIBUTES_STORES } from '../src/data/db/attributes'

const root = resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '20000' },
    sessions: { type: 'string', default: '100000' },
    services: { type: 'string', default: '2000' },
  },
})

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** Long tasks (over 50 ms) on the page's main thread, collected from the first script on. */
function watchLongTasks(page: Page) {
  return page.addInitScript(() => {
    const tasks: number[] = []
    Object.assign(window, { __longTasks: tasks })
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => tasks.push(e.duration)),
    ).observe({ type: 'longtask', buffered: true })
  })
}
const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.splice(0))

async function contentShown(page: Page) {
  await page
    .getByRole('heading', { name: /Good (morning|afternoon|evening)/ })
    .waitFor({ timeout: 600_000 })
}

/**
 * The same rows, pulled with the same batches and written by a bare Dexie bulkPut on the page,
 * into tables with only a primary key, or with `stores` (the console's own indexes).
 */
async function baseline(
  page: Page,
  stores?: Record<string, string>,
): Promise<{ ms: number; rows: number }> {
  await page.addScriptTag({ path: join(root, 'node_modules/dexie/dist/dexie.js') })
  return page.evaluate(
    async ({ collections, stores }) => {
      const DexieClass = (
        window as unknown as {
          Dexie: new (name: string) => {
            version(n: number): { stores(s: Record<string, string>): void }
            table(n: string): { bulkPut(rows: unknown[]): Promise<unknown> }
            delete(): Promise<void>
          }
        }
      ).Dexie
      const db = new DexieClass(`baseline-${Date.now()}`)
      db.version(1).stores(stores ?? Object.fromEntries(collections.map((c) => [c, 'id'])))
      const start = performance.now()
      let rows = 0
      for (const collection of collections) {
        let cursor: string | null = null
        for (;;) {
          const answer = await fetch(`/v1/sync/${collection}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ cursor, batchSize: 5000 }),
          })
          const { results } = (await answer.json()) as {
            results: { nodes: unknown[]; batchInfo: { cursor: string } }
          }
          if (results.nodes.length > 0) await db.table(collection).bulkPut(results.nodes)
          rows += results.nodes.length
          cursor = results.batchInfo.cursor
          if (cursor === 'DONE') break
        }
      }
      const ms = performance.now() - start
      await db.delete()
      return { ms, rows }
    },
    { collections: [...Collections], stores },
  )
}

ensureConsoleBuilt()
const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'))
// The first start creates the administrator; the seed then adds everyone else.
await (await startServer({}, dataDir)).stop()
console.log(
  `Seeding ${values.users} users, ${values.sessions} sessions, ${values.services} services…`,
)
const seedStart = Date.now()
const seeded = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    'scripts/seed.ts',
    '--users',
    values.users,
    '--sessions',
    values.sessions,
    '--services',
    values.services,
    '--attribute-keys',
    '50',
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: 'inherit',
  },
)
if (seeded.status !== 0) throw new Error('Seeding failed')
const seedMs = Date.now() - seedStart

const server = await startServer({}, dataDir)
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
})
try {
  // bypassCSP lets the baseline inject Dexie; the console itself runs under the server's CSP as usual.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  })
  const page = await context.newPage()
  await watchLongTasks(page)
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Username').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await longTasks(page)
  let firstSync = 0
  page.on('request', (request) => {
    if (!firstSync && request.url().includes('/v1/sync/')) firstSync = Date.now()
  })
  const coldStart = Date.now()
  await page.getByRole('button', { name: 'Login' }).click()
  await contentShown(page)
  const coldMs = Date.now() - coldStart
  const loadMs = Date.now() - firstSync
  const coldLongest = Math.max(0, ...(await longTasks(page)))

  const warmStart = Date.now()
  await page.reload()
  await contentShown(page)
  const warmMs = Date.now() - warmStart
  const warmLongest = Math.max(0, ...(await longTasks(page)))

  const base = await baseline(page)
  const indexed = await baseline(page, { ...IDENTITY_STORES, ...ATTRIBUTES_STORES })
  const rows = base.rows
  const ratio = coldMs / base.ms
  console.log('')
  console.log(`seed (CLI, PGlite)                      ${seconds(seedMs)}`)
  console.log(`rows synced                             ${rows.toLocaleString('en-US')}`)
  console.log(`sign-in to first screen (cold caches)   ${seconds(coldMs)}`)
  console.log(
    `rows per second                         ${Math.round(rows / (coldMs / 1000)).toLocaleString('en-US')}`,
  )
  console.log(
    `longest main-thread task during load    ${Math.round(coldLongest)} ms   (target ≤ 200 ms)`,
  )
  console.log(
    `warm start to content (nothing changed) ${seconds(warmMs)}   (target < 1 s; longest task ${Math.round(warmLongest)} ms)`,
  )
  console.log(`baseline: same rows, bare Dexie bulkPut ${seconds(base.ms)}`)
  console.log(`ratio load / baseline                   ${ratio.toFixed(2)}×   (target ≤ 1.3×)`)
  console.log(
    "like for like (load from the first sync request; baseline with the console's indexes):",
  )
  console.log(`  load, first sync request to content   ${seconds(loadMs)}`)
  console.log(`  baseline with the console's indexes   ${seconds(indexed.ms)}`)
  console.log(`  ratio                                 ${(loadMs / indexed.ms).toFixed(2)}×`)
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
