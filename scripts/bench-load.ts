// `npm run bench:load`: what the console's first load costs (issue 17). Builds the console if
// needed, starts a real server, opens /login in headless Chromium on a fresh profile and records
// every script and style sheet the page and its workers fetch: bytes as decoded, bytes on the wire
// and the encoding the server chose. Prints /login beside its budget and beside two anchors from
// the same run: the same figures after the administrator signs in (/home, what a signed-in person
// has loaded) and the whole of dist/console/assets.
// Options: --runs N (timed /login loads to take the median of, default 3).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test'
import { ensureConsoleBuilt } from './console-build'
import { ADMIN, startServer } from '../tests/e2e/support/server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } })
const runs = Math.max(1, Number(values.runs))

const root = resolve(import.meta.dirname, '..')
const assetsDir = join(root, 'dist/console/assets')

/** The budget for /login, gzip or brotli on the wire. */
const BUDGET = { jsKB: 150, cssKB: 40 }

type Kind = 'js' | 'css'
interface Fetched {
  url: string
  kind: Kind
  /** Decoded bytes, as the browser ran them. */
  raw: number
  /** Body bytes on the wire (compressed if the server compressed). */
  wire: number
  /** What the server said in content-encoding ('identity' when nothing). */
  encoding: string
  /** The same body gzipped here at level 9, for comparison with an identity answer. */
  gzip: number
}

const KB = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7) + ' KB'

function kindOf(url: string, contentType: string): Kind | null {
  const path = new URL(url).pathname
  if (path.endsWith('.js') || contentType.includes('javascript')) return 'js'
  if (path.endsWith('.css') || contentType.includes('text/css')) return 'css'
  return null
}

/** Records every JS and CSS answer of the context (pages and their workers alike). */
function record(context: BrowserContext) {
  const fetched: Fetched[] = []
  const pending: Promise<void>[] = []
  const onResponse = (response: Response) => {
    const headers = response.headers()
    const kind = kindOf(response.url(), headers['content-type'] ?? '')
    if (!kind || response.status() !== 200) return
    pending.push(
      (async () => {
        const body = await response.body()
        const sizes = await response.request().sizes()
        fetched.push({
          url: new URL(response.url()).pathname,
          kind,
          raw: body.length,
          wire: sizes.responseBodySize,
          encoding: headers['content-encoding'] ?? 'identity',
          gzip: gzipSync(body, { level: 9 }).length,
        })
      })(),
    )
  }
  context.on('response', onResponse)
  return {
    /** Everything recorded so far (waits for the bodies), and starts afresh. */
    async take(): Promise<Fetched[]> {
      await Promise.all(pending.splice(0))
      return fetched.splice(0)
    },
  }
}

interface Totals {
  requests: number
  raw: number
  wire: number
  gzip: number
}
const totals = (list: Fetched[], kind: Kind): Totals => {
  const of = list.filter((f) => f.kind === kind)
  return {
    requests: of.length,
    raw: of.reduce((s, f) => s + f.raw, 0),
    wire: of.reduce((s, f) => s + f.wire, 0),
    gzip: of.reduce((s, f) => s + f.gzip, 0),
  }
}
const encodings = (list: Fetched[]) =>
  [...new Set(list.map((f) => f.encoding))].sort().join('+') || '-'

/** Whole build on disk: every .js and .css of dist/console/assets, gzip and brotli computed here. */
function buildTotals(kind: Kind): Totals & { brotli: number } {
  const files = readdirSync(assetsDir).filter((name) => name.endsWith(`.${kind}`))
  let raw = 0
  let gzip = 0
  let brotli = 0
  for (const name of files) {
    const body = readFileSync(join(assetsDir, name))
    raw += statSync(join(assetsDir, name)).size
    gzip += gzipSync(body, { level: 9 }).length
    brotli += brotliCompressSync(body).length
  }
  return { requests: files.length, raw, wire: 0, gzip, brotli }
}

async function loginShown(context: BrowserContext, url: string) {
  const page = await context.newPage()
  // A busy two-core machine can be slow; the figures are sizes, and times are medians.
  page.setDefaultTimeout(180_000)
  const started = Date.now()
  await page.goto(`${url}/login`)
  await page.getByLabel('Username').waitFor()
  await page.getByRole('button', { name: 'Login' }).waitFor()
  // The form is interactive: its field takes typing.
  await page.getByLabel('Username').fill('x')
  const interactiveMs = Date.now() - started
  const timing = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    return { domContentLoaded: nav?.domContentLoadedEventEnd ?? 0, load: nav?.loadEventEnd ?? 0 }
  })
  return { page, interactiveMs, ...timing }
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!

async function timedLoads(browser: Browser, url: string): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext()
    const { interactiveMs } = await loginShown(context, url)
    times.push(interactiveMs)
    await context.close()
  }
  return median(times)
}

/**
 * A fresh data directory; on a busy machine PGlite's first migration can outlast Fastify's plugin
 * timeout, so retry on the same directory. (DATABASE_URL in the environment is used as given.)
 */
async function startFresh() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'))
  for (let attempt = 1; ; attempt++) {
    try {
      const started = await startServer({}, dataDir)
      return {
        ...started,
        stop: async () => {
          await started.stop()
          rmSync(dataDir, { recursive: true, force: true })
        },
      }
    } catch (error) {
      if (attempt === 3) throw error
      console.log(`The server did not start (attempt ${attempt}); trying again…`)
    }
  }
}

ensureConsoleBuilt()
const server = await startFresh()
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  // 1. /login on a fresh profile: nothing cached, as a new visitor.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const recorder = record(context)
  const { page } = await loginShown(context, server.url)
  // Let anything the page starts on its own (idle prefetches, workers) arrive too.
  await page.waitForLoadState('networkidle')
  const login = await recorder.take()

  // 2. The anchor: the administrator signs in on the same page and the home screen shows.
  await page.getByLabel('Username').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ }).waitFor()
  await page.waitForLoadState('networkidle')
  const afterSignIn = await recorder.take()
  const home = [...login, ...afterSignIn]
  await context.close()

  const js = totals(login, 'js')
  const css = totals(login, 'css')
  const homeJs = totals(home, 'js')
  const homeCss = totals(home, 'css')
  const allJs = buildTotals('js')
  const allCss = buildTotals('css')

  console.log('')
  console.log('/login on a fresh profile, every script and style sheet (pages and workers):')
  for (const f of [...login].sort((a, b) => b.raw - a.raw)) {
    console.log(`  ${KB(f.raw)} raw ${KB(f.wire)} wire ${f.encoding.padEnd(8)} ${f.url}`)
  }
  const ok = (value: number, budget: number) => (value <= budget ? 'within' : 'OVER')
  const wireJs = js.wire / 1024
  const wireCss = css.wire / 1024
  console.log('')
  console.log(
    '                                 /login      budget   | anchors: /home signed in   whole build',
  )
  console.log(
    `JS on the wire (${encodings(login.filter((f) => f.kind === 'js')).padEnd(8)})      ${KB(js.wire)}   ≤ ${BUDGET.jsKB} KB ${ok(wireJs, BUDGET.jsKB).padEnd(6)} | ${KB(homeJs.wire)}              ${KB(allJs.brotli)} br`,
  )
  console.log(
    `CSS on the wire (${encodings(login.filter((f) => f.kind === 'css')).padEnd(8)})     ${KB(css.wire)}   ≤ ${BUDGET.cssKB} KB  ${ok(wireCss, BUDGET.cssKB).padEnd(6)} | ${KB(homeCss.wire)}              ${KB(allCss.brotli)} br`,
  )
  console.log(
    `JS uncompressed                 ${KB(js.raw)}                   | ${KB(homeJs.raw)}              ${KB(allJs.raw)}`,
  )
  console.log(
    `CSS uncompressed                ${KB(css.raw)}                   | ${KB(homeCss.raw)}              ${KB(allCss.raw)}`,
  )
  console.log(
    `JS gzip -9 (computed here)      ${KB(js.gzip)}                   | ${KB(homeJs.gzip)}              ${KB(allJs.gzip)}`,
  )
  console.log(
    `CSS gzip -9 (computed here)     ${KB(css.gzip)}                   | ${KB(homeCss.gzip)}              ${KB(allCss.gzip)}`,
  )
  console.log(
    `requests: JS + CSS              ${String(js.requests).padStart(4)} + ${css.requests}                | ${String(homeJs.requests).padStart(4)} + ${homeCss.requests}                  ${String(allJs.requests).padStart(4)} + ${allCss.requests} files`,
  )
  const interactive = await timedLoads(browser, server.url)
  console.log('')
  console.log(
    `login form interactive, loopback        ${String(interactive).padStart(5)} ms   (median of ${runs} fresh profiles)`,
  )
  console.log('')
  console.log(
    `budget: JS ${ok(wireJs, BUDGET.jsKB)} (${wireJs.toFixed(1)} / ${BUDGET.jsKB} KB), CSS ${ok(wireCss, BUDGET.cssKB)} (${wireCss.toFixed(1)} / ${BUDGET.cssKB} KB), served ${encodings(login)}`,
  )
} finally {
  await browser.close()
  await server.stop()
}
