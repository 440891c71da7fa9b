// `npm run bench:users`: searching the Users list at 100,000 cached users (issue 15).
// Starts the real server, signs in with headless Chromium, fills the console's identity cache with
// synthetic users (the rows the sync would write, with the cache's derived sort keys), opens
// /users and types searches. For each: the time from the keystroke to the results on screen
// (the list's 100 ms debounce included) and the longest main-thread task meanwhile, beside an
// anchor measured in the same page: a bare Dexie toArray of the same table, filtered in JavaScript.
// With the access model (issue 31) the server also holds --roles custom roles and --groups
// groups (default 200 and 2,000, made through the API before the list opens).
// Options: --users N (default 100,000), --roles N, --groups N.
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Page } from '@playwright/test'
import { ensureConsoleBuilt } from './console-build'
import { ADMIN, startServer } from '../tests/e2e/support/server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'

const root = resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    roles: { type: 'string', default: '200' },
    groups: { type: 'string', default: '2000' },
  },
})
const COUNT = Number(values.users)

/** Makes `count` of something through the API, twenty at a time. */
async function makeMany(page: Page, url: string, count: number, body: (n: number) => object) {
  for (let start = 0; start < count; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, async (_, i) => {
        const answer = await page.request.post(url, {
          data: body(start + i),
          headers: { origin: new URL(url).origin },
        })
        if (!answer.ok()) throw new Error(`${url}: ${answer.status()} ${await answer.text()}`)
      }),
    )
  }
}

/** The searches typed, each as one input event (a paste, or the last keystroke of a word). */
const SEARCHES = ['ada love', 'son', '555-000-12', 'user77777@']

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

type DexieLike = {
  open(): Promise<unknown>
  close(): void
  table(name: string): {
    bulkPut(rows: unknown[]): Promise<unknown>
    toArray(): Promise<Record<string, unknown>[]>
    count(): Promise<number>
  }
}

/** Writes COUNT users into the console's own 'identity' database, 5,000 per transaction. */
async function fillCache(page: Page, count: number) {
  await page.addScriptTag({ path: join(root, 'node_modules/dexie/dist/dexie.js') })
  return page.evaluate(async (count) => {
    const Dexie = (window as unknown as { Dexie: new (name: string) => DexieLike }).Dexie
    const db = new Dexie('identity')
    await db.open()
    const FIRST = [
      'Ada',
      'Grace',
      'Alan',
      'Edsger',
      'Barbara',
      'Donald',
      'Frances',
      'John',
      'Katherine',
      'Tim',
    ]
    const LAST = [
      'Lovelace',
      'Hopper',
      'Turing',
      'Dijkstra',
      'Liskov',
      'Knuth',
      'Allen',
      'Backus',
      'Johnson',
      'Berners-Lee',
      'Hamilton',
      'Wilson',
      'Jackson',
      'Thompson',
    ]
    const day = 864e5
    const now = Date.now()
    const hex = (n: number) => n.toString(16).padStart(12, '0')
    for (let start = 0; start < count; start += 5000) {
      const rows = []
      for (let n = start; n < Math.min(count, start + 5000); n++) {
        const nameFirst = `${FIRST[Math.floor(n / LAST.length) % FIRST.length]}${n % 7 === 0 ? '' : n % 97}`
        const nameLast = `${LAST[n % LAST.length]}${n % 5 === 0 ? '' : n % 89}`
        const lastLogin = n % 9 === 0 ? null : new Date(now - (n % 400) * day).toISOString()
        rows.push({
          id: `0192f0c4-bbbb-7000-a000-${hex(n)}`,
          createdAt: new Date(now - n * 60_000).toISOString(),
          updatedAt: new Date(now - n * 60_000).toISOString(),
          nameFirst,
          nameLast,
          email: `user${n}@example.com`,
          phone: n % 3 === 0 ? null : String(5550000000 + n),
          use2FA: n % 2 === 0,
          visage: null,
          type: n % 4 === 0 ? 'EXTERNAL' : 'INTERNAL',
          lastLogin,
          permissions: [],
          mustChangePassword: n % 50 === 0,
          locked: n % 101 === 0,
          disabled: n % 211 === 0,
          passkeys: n % 3,
          pendingEmail: null,
          // What the console's cache writes with each row (src/data/db/identity.ts).
          sortName: `${nameLast.toLowerCase()}\u0000${nameFirst.toLowerCase()}`,
          sortLastLogin: lastLogin ?? '',
        })
      }
      await db.table('users').bulkPut(rows)
    }
    const total = await db.table('users').count()
    db.close()
    return total
  }, count)
}

/** The anchor: a bare Dexie toArray of the users table, then the same match in plain JavaScript. */
async function anchor(page: Page, text: string) {
  return page.evaluate(async (text) => {
    const Dexie = (window as unknown as { Dexie: new (name: string) => DexieLike }).Dexie
    const db = new Dexie('identity')
    await db.open()
    const start = performance.now()
    const rows = await db.table('users').toArray()
    const read = performance.now() - start
    const str = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '')
    const digits = text.replace(/\D/g, '')
    const phoneLike = digits.length > 0 && /^[\d\s()+.-]+$/.test(text)
    const matches = rows.filter(
      (r) =>
        `${str(r.nameFirst)} ${str(r.nameLast)}`.includes(text) ||
        `${str(r.nameLast)}, ${str(r.nameFirst)}`.includes(text) ||
        str(r.email).includes(text) ||
        String(r.id).startsWith(text) ||
        (phoneLike && str(r.phone).includes(digits)),
    ).length
    const ms = performance.now() - start
    db.close()
    return { ms, read, matches, rows: rows.length }
  }, text)
}

/** Types `text` into 'Search users' as one input event; resolves when the count shows `expected`. */
async function timeSearch(page: Page, text: string, expected: number) {
  const label = `Record Count: ${expected.toLocaleString('en-US')}`
  await page.evaluate((label) => {
    const w = window as unknown as { __searchStart?: number; __searchEnd?: Promise<number> }
    w.__searchEnd = new Promise<number>((done) => {
      const check = () => {
        const footer = document.querySelector('footer')?.textContent ?? ''
        const first = document.querySelector('[role="list"][aria-label="Users"] a')
        if (footer.trim() === label && (expected === 0 || first)) {
          observer.disconnect()
          // The next frame: the results are painted.
          requestAnimationFrame(() => done(performance.now()))
        }
      }
      const expected = Number(label.replace(/\D/g, ''))
      const observer = new MutationObserver(check)
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    document.addEventListener('input', () => (w.__searchStart = performance.now()), {
      capture: true,
      once: true,
    })
  }, label)
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text)
  return page.evaluate(async () => {
    const w = window as unknown as { __searchStart: number; __searchEnd: Promise<number> }
    const end = await w.__searchEnd
    return end - w.__searchStart
  })
}

ensureConsoleBuilt()
const server = await startServer()
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  // bypassCSP lets the bench inject Dexie; the console itself runs under the server's CSP as usual.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  })
  const page = await context.newPage()
  // tsx keeps function names with a helper the page lacks; the page's copy does nothing.
  await page.addInitScript('window.__name = (f) => f')
  await watchLongTasks(page)
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Username').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page
    .getByRole('heading', { name: /Good (morning|afternoon|evening)/ })
    .waitFor({ timeout: 120_000 })
  const roles = Number(values.roles)
  const groups = Number(values.groups)
  if (roles + groups > 0) {
    const made = Date.now()
    await makeMany(page, `${server.url}/v1/roles`, roles, (n) => ({
      name: `Bench role ${n}`,
      description: 'Made by bench:users',
      permissions: n % 2 ? ['users.read'] : ['users.read', 'logs.read'],
    }))
    await makeMany(page, `${server.url}/v1/groups`, groups, (n) => ({
      name: `Bench group ${n}`,
      description: '',
    }))
    console.log(
      `${roles} roles and ${groups} groups made in ${((Date.now() - made) / 1000).toFixed(1)} s`,
    )
  }
  console.log(`Filling the identity cache with ${COUNT.toLocaleString('en-US')} users…`)
  const fillStart = Date.now()
  const total = await fillCache(page, COUNT)
  console.log(
    `  ${total.toLocaleString('en-US')} users cached in ${((Date.now() - fillStart) / 1000).toFixed(1)} s`,
  )

  await page.goto(`${server.url}/users`)
  await page
    .getByText(`Record Count: ${total.toLocaleString('en-US')}`)
    .waitFor({ timeout: 120_000 })
  await page.addScriptTag({ path: join(root, 'node_modules/dexie/dist/dexie.js') })
  await page.waitForTimeout(500)
  const openLongest = Math.max(0, ...(await longTasks(page)))
  console.log('')
  console.log(
    `Users list opened at ${total.toLocaleString('en-US')} users; longest task ${Math.round(openLongest)} ms`,
  )
  console.log('')
  console.log(
    'search            matches  keystroke→results  longest task | anchor: toArray+filter  (read)  longest task',
  )
  const search = page.getByRole('searchbox', { name: 'Search users' })
  for (const text of SEARCHES) {
    // From the whole list each time, so that every search changes what the footer says.
    await search.fill('')
    await page.getByText(`Record Count: ${total.toLocaleString('en-US')}`).waitFor()
    await page.waitForTimeout(300)
    await longTasks(page)
    const base = await anchor(page, text)
    await page.waitForTimeout(100)
    const baseLongest = Math.max(0, ...(await longTasks(page)))
    const ms = await timeSearch(page, text, base.matches)
    await page.waitForTimeout(300)
    const longest = Math.max(0, ...(await longTasks(page)))
    console.log(
      `${JSON.stringify(text).padEnd(18)}${String(base.matches).padStart(7)}  ${`${Math.round(ms)} ms`.padStart(17)}  ${`${Math.round(longest)} ms`.padStart(12)} | ${`${Math.round(base.ms)} ms`.padStart(22)}  ${`${Math.round(base.read)} ms`.padStart(6)}  ${`${Math.round(baseLongest)} ms`.padStart(12)}`,
    )
  }
  console.log('')
  console.log(
    'keystroke→results includes the list’s 100 ms search debounce; a long task is one over 50 ms.',
  )
} finally {
  await browser.close()
  await server.stop()
}
