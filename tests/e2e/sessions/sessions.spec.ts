import type { Page } from '@playwright/test'
import { expect, testWithServer } from '../support/fixtures'
import { expectSignedIn, signIn } from '../login/login'
import { mainNav } from '../shell/shell'
import { expectRecordCount, searchBox, serverSessions, sessionList, sessionRows } from './sessions'

// A seeded database of its own: the spec revokes sessions.
const test = testWithServer({}, { users: 300, sessions: 3000, services: 30 })

test('loads the caches, then scrolls, searches and revokes sessions', async ({ page }) => {
  // Every collection's first batch passes; the batches after them wait until the loading screen
  // has been read, so it stays on screen however fast the load (a fixed delay did not: with the
  // first batches fetched while the caches open, it could be gone before it was looked at).
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/v1/sync/**', async (route) => {
    const { cursor } = route.request().postDataJSON() as { cursor: string | null }
    if (cursor !== null) await released
    await route.continue()
  })
  await signIn(page)
  await expect(page.getByText('Loading Data, please wait...')).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Loading data' })).toBeVisible()
  // The identity line names the table with the most rows so far: every session the server holds
  // (one batch of 5000 at most) is in the first batch.
  const stored = await serverSessions(page.request)
  await expect(
    page.getByText(`Sessions — ${stored.length.toLocaleString('en-US')} rows`, { exact: true }),
  ).toBeVisible()
  release()
  await expectSignedIn(page)
  await page.unrouteAll({ behavior: 'wait' })

  await mainNav(page).getByRole('link', { name: 'Sessions' }).click()
  await expectRecordCount(page, stored.length)
  await expect(sessionRows(page).first()).toBeVisible()

  // Scrolling far down pulls in later pages (50 at a time) without rendering them all.
  const list = sessionList(page)
  for (let i = 0; i < 12; i += 1) {
    await list.hover()
    await page.mouse.wheel(0, 4000)
    await page.waitForTimeout(100)
  }
  const deepest = await sessionRows(page).evaluateAll((rows) =>
    Math.max(...rows.map((row) => Number(row.getAttribute('aria-posinset')))),
  )
  expect(deepest).toBeGreaterThan(100)
  expect(await sessionRows(page).count()).toBeLessThan(100)

  // Search narrows to one person's sessions.
  const person = stored.find((s) => s.nameLast !== 'Administrator')!
  const name = `${person.nameFirst} ${person.nameLast}`
  await searchBox(page).fill(`  ${person.nameLast}  `)
  await expect(sessionRows(page).first()).toContainText(person.nameLast)
  const matching = stored.filter(
    (s) =>
      `${s.nameFirst} ${s.nameLast}`.toLowerCase().includes(person.nameLast.toLowerCase()) ||
      s.ip.includes(person.nameLast.toLowerCase()),
  )
  await expectRecordCount(page, matching.length)

  // Revoke one of them, after the confirmation.
  const target = matching.find((s) => `${s.nameFirst} ${s.nameLast}` === name)!
  await sessionList(page)
    .getByRole('button', { name: `Revoke session of ${name}` })
    .first()
    .click()
  const dialog = page.getByRole('alertdialog', {
    name: 'Are you sure you want to revoke this session?',
  })
  await expect(dialog).toBeVisible()
  // Revoking signs the person out; it deletes nothing, and the dialog does not say it does.
  await expect(dialog).toContainText('will be signed out on that device')
  await expect(dialog).not.toContainText(/delet/i)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expectRecordCount(page, matching.length)

  await sessionList(page)
    .getByRole('button', { name: `Revoke session of ${name}` })
    .first()
    .click()
  await dialog.getByRole('button', { name: 'Revoke' }).click()
  await expect(page.getByText(`The session of ${name} was revoked.`)).toBeVisible()
  await expectRecordCount(page, matching.length - 1)
  expect((await serverSessions(page.request)).length).toBe(stored.length - 1)
  expect(target).toBeDefined()
})

test('a session revoked in one console disappears from another, and revoking your own signs you out', async ({
  page,
  browser,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  const other = await browser.newPage()
  await signIn(other)
  await expectSignedIn(other)
  for (const console_ of [page, other])
    await mainNav(console_).getByRole('link', { name: 'Sessions' }).click()

  const stored = await serverSessions(page.request)
  const person = stored.find((s) => s.nameLast !== 'Administrator')!
  const name = `${person.nameFirst} ${person.nameLast}`
  const theirs = await serverSessions(page.request, { userId: person.userId })
  const revokeButtons = (console_: Page) =>
    sessionList(console_).getByRole('button', { name: `Revoke session of ${name}` })
  for (const console_ of [page, other]) {
    await searchBox(console_).fill(name)
    await expect(revokeButtons(console_)).toHaveCount(theirs.length)
  }

  await revokeButtons(page).first().click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
  // The other console hears of it through /v1/events and drops the row without a reload.
  await expect(revokeButtons(other)).toHaveCount(theirs.length - 1)
  expect(await serverSessions(page.request, { userId: person.userId })).toHaveLength(
    theirs.length - 1,
  )

  // The administrator's own sessions: revoking the one this page uses sends it to the login.
  await searchBox(other).fill('Administrator')
  await expect(sessionList(other).getByRole('listitem')).not.toHaveCount(0)
  const ownCount = await sessionList(other).getByRole('listitem').count()
  // Revoking this page's own session sends it to the login at a moment of the server's choosing
  // (the row may vanish first), so each step races the page leaving.
  const leftForLogin = other.waitForURL(/\/login/, { timeout: 0 }).then(() => 'login' as const)
  leftForLogin.catch(() => undefined)
  const revokeOne = async () => {
    const before = await sessionList(other).getByRole('listitem').count()
    await sessionList(other)
      .getByRole('button', { name: /Revoke session of .*Administrator/ })
      .first()
      .click()
    await other.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
    await expect
      .poll(async () => (await sessionList(other).getByRole('listitem').count()) < before)
      .toBe(true)
    return 'revoked' as const
  }
  for (let i = 0; i < ownCount; i += 1) {
    const step = revokeOne()
    step.catch(() => undefined)
    if ((await Promise.race([step, leftForLogin])) === 'login') break
  }
  await expect(other).toHaveURL(/\/login/)
  expect((await other.request.get('/v1/self')).status()).toBe(401)
  await other.close()
})
