import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, testWithServer } from '../support/fixtures'
import { expectSignedIn, signIn } from '../login/login'
import {
  backArrow,
  daysSinceSignIn,
  detailHeading,
  expectRecordCount,
  filtersButton,
  filtersRegion,
  openUsers,
  parseCsv,
  pickFilter,
  rowLink,
  rowLinks,
  search,
  searchBox,
  serverUsers,
  startsWith,
} from './users'

// A seeded directory of its own: the export spec renames two people.
const test = testWithServer({}, { users: 400, sessions: 300, services: 0, attributeKeys: 0 })

const COLUMNS =
  'id,lastName,firstName,email,phone,type,status,twoFactor,passkeys,lastSignIn,createdAt'

test('the dormant filter keeps those who never signed in, or not for 90 days', async ({ page }) => {
  await signIn(page)
  await expectSignedIn(page)
  await openUsers(page)
  const stored = await serverUsers(page.request)
  await expectRecordCount(page, stored.length)

  const never = stored.filter((u) => u.lastLogin === null)
  expect(never.length).toBeGreaterThan(0)
  await pickFilter(page, 'Dormant', 'Never signed in')
  await expect(filtersButton(page).first()).toHaveAccessibleName(/1/)
  await expectRecordCount(page, never.length)
  const shown = await rowLinks(page).evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')!.split('/').at(-1)!),
  )
  expect(shown.length).toBeGreaterThan(0)
  for (const id of shown) expect(never.map((u) => u.id)).toContain(id)

  // 90 days: no sign-in for 90 days, those who never signed in included.
  const now = Date.now()
  const dormant = stored.filter((u) => daysSinceSignIn(u, now) >= 90)
  expect(dormant.length).toBeGreaterThan(never.length)
  await pickFilter(page, 'Dormant', '90 days')
  await expectRecordCount(page, dormant.length)
  const recent = stored.find((u) => daysSinceSignIn(u, now) < 30)!
  await search(page, recent.email, 0)
  const old = dormant.find((u) => u.lastLogin !== null)!
  await search(page, old.email, 1)
  await expect(rowLink(page, old)).toBeVisible()

  await search(page, '')
  await pickFilter(page, 'Dormant', 'Any')
  await expectRecordCount(page, stored.length)
})

test('exports the filtered users as CSV, guarding cells a spreadsheet would run', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  // Two staff members with names a spreadsheet would take for formulas, one with a comma and quotes.
  const before = await serverUsers(page.request)
  const [first, second] = before.filter((u) => u.type === 'INTERNAL')
  for (const [user, name] of [
    [first!, { nameFirst: '=1+2', nameLast: '@Risk, "Jr"' }],
    [second!, { nameFirst: 'Ann', nameLast: '-Minus' }],
  ] as const) {
    const answer = await page.request.put(`/v1/user/${user.id}/name`, { data: name })
    expect(answer.status(), await answer.text()).toBe(200)
  }
  await openUsers(page)
  const stored = await serverUsers(page.request)
  const internal = stored.filter((u) => u.type === 'INTERNAL')
  await pickFilter(page, 'Type', 'Internal')
  await expectRecordCount(page, internal.length)

  const downloaded = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloaded
  expect(download.suggestedFilename()).toBe('users.csv')
  const rows = parseCsv(readFileSync(await download.path(), 'utf8'))
  expect(rows[0]!.join(',')).toBe(COLUMNS)
  const body = rows.slice(1)
  expect(body).toHaveLength(internal.length)
  expect(new Set(body.map((row) => row[0]))).toEqual(new Set(internal.map((u) => u.id)))
  for (const row of body) expect(row[5]).toBe('INTERNAL')

  const guarded = body.find((row) => row[0] === first!.id)!
  expect(guarded[1]).toBe(`'@Risk, "Jr"`)
  expect(guarded[2]).toBe(`'=1+2`)
  expect(guarded[3]).toBe(first!.email)
  expect(body.find((row) => row[0] === second!.id)![1]).toBe(`'-Minus`)
  // The file holds the quoting itself (RFC 4180), not just something a lenient reader accepts.
  expect(readFileSync(await download.path(), 'utf8')).toContain(`"'@Risk, ""Jr"""`)

  // Under a search, only the matching rows.
  await search(page, first!.email, 1)
  await expect(rowLink(page, first!)).toHaveAccessibleName(startsWith(`=1+2 @Risk, "Jr"`))
  const again = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const one = parseCsv(readFileSync(await (await again).path(), 'utf8'))
  expect(one.slice(1).map((row) => row[0])).toEqual([first!.id])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the list, then one person alone with a back arrow, then the list again', async ({
    page,
  }) => {
    await signIn(page)
    await expectSignedIn(page)
    await openUsers(page)
    const stored = await serverUsers(page.request)
    const person = stored.find((u) => u.email !== 'admin@example.com')!
    await search(page, person.email, 1)
    const link = rowLink(page, person)
    await expect(link).toContainText(person.email)
    // Nothing spills sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)

    await link.click()
    await expect(page).toHaveURL(new RegExp(`/users/${person.id}$`))
    await expect(detailHeading(page, person)).toBeVisible()
    await expect(link).toBeHidden()
    await expect(page.getByLabel('Search users')).toBeHidden()

    await backArrow(page).click()
    await expect(page).toHaveURL(/\/users$/)
    await expect(rowLink(page, person)).toBeVisible()
    await expect(detailHeading(page, person)).toBeHidden()
  })
})

test('the search box keeps its 32 px height with many, one or no rows, desktop and phone', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  const stored = await serverUsers(page.request)
  const someone = stored.find((u) => u.email !== 'admin@example.com')!
  // The field's box (Radix's TextField root, border included), as a person sees it.
  const box = (field: Locator) =>
    field.locator('xpath=ancestor::div[contains(@class,"rt-TextFieldRoot")][1]')
  const heightOf = async () => (await box(searchBox(page)).boundingBox())!.height
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    await openUsers(page)
    // Many rows, exactly one, none: the field is as tall as the one on Sessions each time.
    await search(page, '', stored.length)
    expect(await heightOf()).toBe(32)
    await search(page, someone.email, 1)
    expect(await heightOf()).toBe(32)
    await search(page, 'zzz-nobody-at-all', 0)
    expect(await heightOf()).toBe(32)
    await search(page, '', stored.length)
  }
  await page.getByRole('link', { name: 'Sessions' }).first().click()
  const sessionsSearch = page.getByLabel('Search sessions')
  await expect(sessionsSearch).toBeVisible()
  expect((await box(sessionsSearch).boundingBox())!.height).toBe(32)
})

/**
 * Every cell the rows show, and each column title, that is cut (its text wider than its box) in a
 * row whose cells would all fit side by side: the table cuts data although space exists (review
 * item 3). A cell's need is its text's width (a Range measures it even where it is clipped), the
 * status badge's own width.
 */
async function cutCells(page: Page) {
  return page.evaluate(() => {
    const textWidth = (el: Element) => {
      const range = document.createRange()
      range.selectNodeContents(el)
      return range.getBoundingClientRect().width
    }
    const need = (el: Element): number => {
      const cell = el.getAttribute('data-cell')
      if (cell === 'status') return el.firstElementChild!.getBoundingClientRect().width
      if (cell) return textWidth(el)
      return Math.max(0, ...Array.from(el.querySelectorAll('[data-cell]')).map(need))
    }
    const cut: string[] = []
    const list = document.querySelector('[role="list"][aria-label="Users"]')!
    for (const row of Array.from(list.querySelectorAll('[role="listitem"]'))) {
      const link = row.querySelector('a')!
      const style = getComputedStyle(link)
      const room = link.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const items = Array.from(link.children)
      const needed =
        items.reduce((sum, item) => sum + need(item), 0) +
        parseFloat(style.columnGap) * (items.length - 1)
      if (needed > room) continue
      for (const cell of Array.from(row.querySelectorAll('[data-cell]')))
        if (cell.scrollWidth > cell.clientWidth)
          cut.push(`${cell.getAttribute('data-cell')}: "${cell.textContent}" in ${room}px`)
    }
    for (const title of Array.from(document.querySelectorAll('[data-title]')))
      if (title.scrollWidth > title.clientWidth) cut.push(`title ${title.textContent}`)
    return cut
  })
}

const shownColumns = (page: Page) =>
  page.locator('[data-title]').evaluateAll((titles) => titles.map((t) => t.textContent))

test('no cell is cut while its row has room: 1280 with and without the filters, and 1024', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  const stored = await serverUsers(page.request)
  for (const { width, filters } of [
    { width: 1280, filters: false },
    { width: 1280, filters: true },
    { width: 1024, filters: false },
  ]) {
    await page.setViewportSize({ width, height: 800 })
    await openUsers(page)
    await expectRecordCount(page, stored.length)
    const button = filtersButton(page).first()
    if ((await button.getAttribute('aria-expanded')) !== String(filters)) await button.click()
    await expect(button).toHaveAttribute('aria-expanded', String(filters))
    if (filters) await expect(filtersRegion(page)).toBeVisible()
    // Scrolled through a few pages, so that the loaded rows are many and varied.
    const scroller = page.getByRole('list', { name: 'Users' }).locator('xpath=..')
    for (const top of [0, 3000, 6000, 0]) {
      await scroller.evaluate((el, y) => el.scrollTo(0, y), top)
      await expect(rowLinks(page).first()).toBeVisible()
      expect(await cutCells(page), `${width} px, filters ${filters ? 'open' : 'closed'}`).toEqual(
        [],
      )
    }
    const columns = await shownColumns(page)
    // The table keeps what tells people apart, and drops only what it has no room for.
    expect(columns.slice(0, 1)).toEqual(['Name'])
    expect(columns).toContain('Status')
    if (width === 1280 && !filters)
      expect(columns).toEqual(expect.arrayContaining(['Email', 'Phone']))
  }
})
