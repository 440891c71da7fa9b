import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, testWithServer } from '../support/fixtures'
import { expectSignedIn, loginButton, passwordField, signIn, usernameField } from '../login/login'
import { ADMIN } from '../support/server'
import { parseCsv } from '../users/users'

// A server of its own: the spec's failed sign-in must be the only one in the trail.
const test = testWithServer({}, { users: 5, sessions: 5, services: 2, attributeKeys: 0 })

const FAILURE = `Sign-in failed for ${ADMIN.email} from 127.0.0.1: wrong password`

async function pick(page: Page, filter: string, option: string) {
  await page.getByRole('combobox', { name: filter }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(page.getByRole('combobox', { name: filter })).toHaveText(option)
}

const events = (page: Page) => page.getByRole('list', { name: 'Log events' }).getByRole('listitem')

test('a wrong password is found in Logs by its filters, opened, and exported as CSV', async ({
  page,
}) => {
  // The failure: the right account, the wrong password.
  await page.goto('/login')
  await usernameField(page).fill(ADMIN.email)
  await passwordField(page).fill('Not#the-password1')
  await loginButton(page).click()
  await expect(page.getByText('Incorrect Login. Try Again.')).toBeVisible()
  await passwordField(page).fill('')
  await signIn(page)
  await expectSignedIn(page)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Logs' }).click()
  await expect(page).toHaveURL(/\/logs$/)
  await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible()
  // Newest first: the sign-in that worked, then the one that did not.
  await expect(events(page).first()).toContainText(`signed in from 127.0.0.1`)
  await expect(events(page).filter({ hasText: FAILURE })).toHaveCount(1)

  await pick(page, 'Kind', 'Sign-in')
  await pick(page, 'Outcome', 'Failure')
  await expect(page).toHaveURL(/[?&]kinds=sign-in/)
  await expect(page).toHaveURL(/[?&]outcome=failure/)
  await expect(events(page)).toHaveCount(1)
  await expect(events(page).first()).toContainText(FAILURE)
  await expect(events(page).first()).toContainText('failure')

  // An address narrows it further; one that never signed in leaves nothing.
  const address = page.getByRole('textbox', { name: 'Address' })
  await address.fill('10.9.9.9')
  await address.press('Enter')
  await expect(page.getByText('No events match these filters.')).toBeVisible()
  await address.fill('127.0.0.1')
  await address.press('Enter')
  await expect(events(page)).toHaveCount(1)

  // The filtered view is a link: a reload shows the same.
  const filtered = page.url()
  await page.reload()
  await expect(events(page)).toHaveCount(1)
  expect(page.url()).toBe(filtered)

  // The detail: the whole event, with the reason.
  await events(page)
    .first()
    .getByRole('button', { name: `Details: ${FAILURE}` })
    .click()
  const detail = page.getByRole('dialog', { name: FAILURE })
  await expect(detail).toBeVisible()
  await expect(detail).toContainText('login')
  await expect(detail).toContainText('Reasonwrong password')
  // The detail passes axe (the every-screen walk visits the list, not the dialog).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  )
  // From the event, Logs narrows to everything about its user (the filters stay in the URL).
  await detail.getByRole('link', { name: 'Everything about this user' }).click()
  await expect(detail).toBeHidden()
  await expect(page).toHaveURL(/[?&]user=[\w-]+/)
  await expect(page).toHaveURL(/[?&]outcome=failure/)
  await expect(page.getByRole('button', { name: 'Remove the user filter' })).toBeVisible()
  await expect(events(page)).toHaveCount(1)

  // The export: everything matching, streamed by the server.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.csv$/)
  const rows = parseCsv(readFileSync(await file.path(), 'utf8'))
  const header = rows[0]!
  const body = rows.slice(1).filter((row) => row.length > 1)
  expect(body).toHaveLength(1)
  const row = Object.fromEntries(header.map((name, i) => [name, body[0]![i]]))
  expect(row).toMatchObject({ sentence: FAILURE, action: 'login', outcome: 'failure' })

  // What the server stored: one failed sign-in of the administrator's account, from this browser.
  const stored = (await (
    await page.request.get('/v1/logs?kinds=sign-in&outcome=failure')
  ).json()) as {
    results: { events: { action: string; subject: { email: string } | null; ip: string }[] }
  }
  expect(stored.results.events).toEqual([
    expect.objectContaining({
      action: 'login',
      ip: '127.0.0.1',
      subject: expect.objectContaining({ email: ADMIN.email }),
    }),
  ])

  // A row links back to its user.
  await events(page).first().getByRole('link', { name: ADMIN.email }).click()
  await expect(page).toHaveURL(/\/users\/[\w-]+$/)
})

test('the Logs filters apply as they are typed, pass axe in both schemes, and sit in the sheet on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/login')
  await signIn(page)
  await expectSignedIn(page)
  await page.goto('/logs')
  await expect(events(page).first()).toBeVisible()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    )
    const axe = await new AxeBuilder({ page }).analyze()
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(
      serious.map(
        (v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })

  // The Address applies once typing pauses, like the other boxes: no Enter, no leaving the box.
  await expect(page.getByRole('switch', { name: 'Hide system events' })).toBeChecked()
  await page.getByRole('textbox', { name: 'Address' }).pressSequentially('10.9.9.9')
  await expect(page).toHaveURL(/[?&]ip=10\.9\.9\.9/)
  await expect(page.getByText('No events match these filters.')).toBeVisible()

  // A phone: the filters wait behind Show Filters (its badge counts them) in the bottom sheet.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByRole('textbox', { name: 'Address' })).toBeHidden()
  const show = page.getByRole('button', { name: 'Show Filters (1 changed)' })
  await expect(show).toBeVisible()
  await show.click()
  const sheet = page.getByRole('region', { name: 'Filters' })
  await expect(sheet.getByRole('textbox', { name: 'Address' })).toHaveValue('10.9.9.9')
  const done = sheet.getByRole('button', { name: 'Show results' })
  await expect(done).toBeInViewport()
  await done.click()
  await expect(sheet).toBeHidden()
})
