import type { Page } from '@playwright/test'
import { SEED_PASSWORD } from '../../../scripts/seed/seed-database'
import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { apiSignIn, expectSignedIn, signIn } from '../login/login'
import { field, loginStatus, resetLinkFor } from '../password/password'
import {
  confirm,
  detailHeading,
  detailPane,
  expectRecordCount,
  openUsers,
  plainUser,
  rowCheckbox,
  rowLink,
  search,
  serverUser,
  serverUsers,
  sessionsOf,
  statusBadge,
} from './users'
import type { User } from '../../../schema/user'

// A seeded directory of its own: the specs lock, invite and sign people out.
const test = testWithServer({}, { users: 80, sessions: 200, services: 0, attributeKeys: 0 })

/** Finds the person by their email in the list and opens their detail. */
async function openUser(page: Page, user: User) {
  await search(page, user.email, 1)
  await rowLink(page, user).click()
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}$`))
  await expect(detailHeading(page, user)).toBeVisible()
}

const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text })

test('locks and unlocks a person; the unlock mails them a reset link', async ({
  page,
  playwright,
  server,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openUsers(page)
  const person = (await serverUsers(page.request)).find(plainUser)!
  await openUser(page, person)
  await expect(statusBadge(page, 'Active')).toBeVisible()

  // Cancel leaves the account as it was.
  await detailPane(page).getByRole('button', { name: 'Lock', exact: true }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('alertdialog')).toBeHidden()
  expect((await serverUser(page.request, person.id)).locked).toBe(false)

  await detailPane(page).getByRole('button', { name: 'Lock', exact: true }).click()
  await confirm(page, 'Lock')
  await expect(statusBadge(page, 'Locked')).toBeVisible()
  expect((await serverUser(page.request, person.id)).locked).toBe(true)
  // A locked account cannot sign in (802).
  const elsewhere = await playwright.request.newContext({ baseURL: server.url })
  expect(await loginStatus(elsewhere, person.email, SEED_PASSWORD)).not.toBe(200)
  await elsewhere.dispose()

  const sentBefore = new Date().toISOString()
  await detailPane(page).getByRole('button', { name: 'Unlock', exact: true }).click()
  await confirm(page, 'Unlock')
  await expect(statusBadge(page, 'Active')).toBeVisible()
  await expect(notice(page, `${person.nameFirst} ${person.nameLast} was unlocked.`)).toBeVisible()
  expect((await serverUser(page.request, person.id)).locked).toBe(false)

  const link = await resetLinkFor(server, person.email, sentBefore)
  const mail = server
    .outbox()
    .filter((m) => m.to === person.email && m.text.includes(link))
    .at(-1)
  expect(mail?.subject).toBe('Your Gatehouse account has been unlocked')
})

test('the administrator cannot lock their own account', async ({ page }) => {
  await signIn(page)
  await expectSignedIn(page)
  await openUsers(page)
  const admin = (await serverUsers(page.request)).find((u) => u.email === ADMIN.email)!
  await openUser(page, admin)
  await detailPane(page).getByRole('button', { name: 'Lock', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Lock Gatehouse Administrator?' })
  await dialog.getByRole('button', { name: 'Lock', exact: true }).click()
  // The server's refusal, word for word, in the dialog that asked.
  await expect(dialog.getByText('You cannot lock your own account.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(statusBadge(page, 'Active')).toBeVisible()
  expect((await serverUser(page.request, admin.id)).locked).toBe(false)
  // Still signed in and able to work.
  expect((await page.request.get('/v1/self')).status()).toBe(200)
})

test('revokes the sessions of three people at once', async ({ page, playwright, server }) => {
  await signIn(page)
  await expectSignedIn(page)
  await openUsers(page)
  const stored = await serverUsers(page.request)

  // Three people sharing a surname, each with a name no one else under that search has.
  const groups = new Map<string, User[]>()
  for (const user of stored.filter(plainUser))
    groups.set(user.nameLast, [...(groups.get(user.nameLast) ?? []), user])
  const [surname, three] = [...groups].find(([surname, people]) => {
    const term = surname.toLowerCase()
    const matching = stored.filter((u) =>
      `${u.nameFirst} ${u.nameLast} ${u.email}`.toLowerCase().includes(term),
    )
    const names = matching.map((u) => `${u.nameFirst} ${u.nameLast}`)
    const unique = people.filter(
      (p) => names.filter((n) => n === `${p.nameFirst} ${p.nameLast}`).length === 1,
    )
    return unique.length >= 3
  }) ?? [undefined, undefined]
  expect(surname, 'a seeded surname shared by three people').toBeDefined()
  const chosen = three!
    .filter((p) => three!.filter((q) => q.nameFirst === p.nameFirst).length === 1)
    .slice(0, 3)

  // Each signs in somewhere else (a browser of their own, through the API).
  const theirs = []
  for (const person of chosen) {
    const api = await playwright.request.newContext({ baseURL: server.url })
    await apiSignIn(api, { username: person.email, password: SEED_PASSWORD })
    expect((await api.get('/v1/self')).status()).toBe(200)
    theirs.push(api)
  }
  for (const person of chosen)
    expect((await sessionsOf(page.request, person.id)).length).toBeGreaterThan(0)

  await search(page, surname!)
  for (const person of chosen) await rowCheckbox(page, person).check()
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Revoke sessions', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Revoke sessions of 3 users?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Revoke sessions', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(notice(page, 'Revoked the sessions of 3 users.')).toBeVisible()

  for (const person of chosen) expect(await sessionsOf(page.request, person.id)).toEqual([])
  for (const api of theirs) {
    expect((await api.get('/v1/self')).status()).toBe(401)
    await api.dispose()
  }
  // The administrator's own session is untouched.
  expect((await page.request.get('/v1/self')).status()).toBe(200)
})

test('invites a person, who sets a password from the mail and signs in', async ({
  page,
  browser,
  server,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openUsers(page)
  const before = await serverUsers(page.request)
  const email = 'grace.hopper@example.org'

  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add User' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Grace')
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Hopper')
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email)
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('5551234567')
  await dialog
    .getByRole('radiogroup', { name: 'Type' })
    .getByRole('radio', { name: 'Internal' })
    .click()
  // Permissions by area: 'View' of the Users row, its identifier users.read under it.
  const view = dialog.getByRole('checkbox', { name: 'View Users', exact: true })
  await expect(view).toHaveAccessibleDescription(/^users\.read /)
  await view.check()
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog).toBeHidden()
  await expect(notice(page, `Invitation sent to ${email}.`)).toBeVisible()

  const stored = await serverUsers(page.request)
  expect(stored).toHaveLength(before.length + 1)
  const grace = stored.find((u) => u.email === email)!
  expect(grace).toMatchObject({
    nameFirst: 'Grace',
    nameLast: 'Hopper',
    phone: '5551234567',
    type: 'INTERNAL',
    permissions: ['users.read'],
    lastLogin: null,
  })
  await expect(page).toHaveURL(new RegExp(`/users/${grace.id}$`))
  await expect(detailHeading(page, grace)).toBeVisible()
  await search(page, 'grace.hopper', 1)

  // The invitation, as the log transport wrote it.
  const link = await resetLinkFor(server, email)
  const mail = server.outbox().find((m) => m.to === email)!
  expect(mail.subject).toBe('You are invited to Gatehouse')
  expect(link.startsWith(`${server.url}/passwordReset/`)).toBe(true)

  // Grace, in a browser of her own.
  const context = await browser.newContext()
  const hers = await context.newPage()
  await hers.goto(link)
  // An invitation welcomes her on the reset flow (issue 30).
  await expect(hers.getByRole('heading', { name: 'Choose your password' })).toBeVisible()
  const password = 'Grace#Hopper1906'
  await field(hers, 'Email').fill(email)
  await field(hers, 'New Password').fill(password)
  await field(hers, 'Repeat New Password').fill(password)
  await hers.getByRole('button', { name: 'Save Password' }).click()
  await expect(hers).toHaveURL(/\/home$/)
  await hers.goto('/logout')
  await expect(hers.getByText('You have been logged out of Gatehouse.')).toBeVisible()
  await signIn(hers, { username: email, password })
  await expectSignedIn(hers)
  await context.close()

  expect((await serverUser(page.request, grace.id)).lastLogin).not.toBeNull()
  await expectRecordCount(page, 1)
})
