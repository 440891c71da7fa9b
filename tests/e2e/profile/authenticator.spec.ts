import { readFileSync } from 'node:fs'
import { testWithServer, expect } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { authenticatorCode } from '../users/factors'
import {
  authenticatorCard,
  givePassword,
  ownFactors,
  shownCodes,
  shownSecret,
  signInWithSecondFactor,
} from './authenticator'
import { openProfile, storedSelf } from './profile'

// The administrator enrols an app here: a server of its own.
const test = testWithServer()

test('a person sets up an authenticator app, saves the codes, regenerates them and removes it', async ({
  page,
  playwright,
  server,
}) => {
  await openProfile(page)
  const card = authenticatorCard(page)
  await expect(card.getByText(/gives a new six-digit code every 30 seconds/)).toBeVisible()
  await card.getByRole('button', { name: 'Set up authenticator app' }).click()

  // A wrong password keeps the dialog open with the server's words.
  const dialog = await givePassword(page, 'Set Up Authenticator App', 'Wrong#pass1')
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.')
  await givePassword(page, 'Set Up Authenticator App', ADMIN.password)
  await expect(dialog).toBeHidden()

  // The secret, read from the page as a person would type it into the app.
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = await shownSecret(page)
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await expect(card.getByTestId('authenticator-uri')).toContainText(`secret=${secret}`)
  const codeField = card.getByLabel('Code from the app')
  const verify = card.getByRole('button', { name: 'Verify' })
  await codeField.fill('12')
  await expect(verify).toBeDisabled()
  const right = authenticatorCode(secret)
  await codeField.fill(right === '000000' ? '111111' : '000000')
  await verify.click()
  await expect(card.getByRole('alert')).toHaveText('Incorrect Code. Try Again.')
  await codeField.fill(authenticatorCode(secret))
  await verify.click()

  // Ten recovery codes, shown once: downloaded, and Done only once they are marked saved.
  const codes = await shownCodes(page)
  expect(codes).toHaveLength(10)
  const downloaded = page.waitForEvent('download')
  await card.getByRole('button', { name: 'Download' }).click()
  const download = await downloaded
  expect(download.suggestedFilename()).toBe('gatehouse-recovery-codes.txt')
  const file = readFileSync(await download.path(), 'utf8')
  for (const code of codes) expect(file).toContain(code)
  const done = card.getByRole('button', { name: 'Done' })
  await expect(done).toBeDisabled()
  await card.getByRole('checkbox', { name: 'I have saved these codes' }).check()
  await done.click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your authenticator app is set up' }),
  ).toBeVisible()
  await expect(card.getByText(/^Enrolled \w{3} \d{2}, \d{4}/)).toBeVisible()
  // The code that confirmed it counts as its first use.
  await expect(card.getByText(/^Last used \w{3} \d{2}, \d{4}/)).toBeVisible()
  await expect(card.getByText('10 recovery codes left')).toBeVisible()

  // What the server stored.
  const stored = await ownFactors(page.request)
  expect(stored.authenticator?.enrolledAt).toBeTruthy()
  expect(stored.recoveryCodesLeft).toBe(10)
  expect((await storedSelf(page)).authenticator).toBe(true)

  // Signing in again now takes a second step; a saved recovery code passes it once.
  const other = await playwright.request.newContext({ baseURL: server.url })
  const credentials = { username: ADMIN.email, password: ADMIN.password }
  const first = await signInWithSecondFactor(other, credentials, 'recovery', codes[0]!)
  expect(first.status).toBe(200)
  expect(first.methods?.[0]).toBe('totp')
  expect((await ownFactors(other)).recoveryCodesLeft).toBe(9)
  await other.dispose()
  await page.reload()
  await expect(card.getByText('9 recovery codes left')).toBeVisible()

  // New codes replace every old one.
  await card.getByRole('button', { name: 'Regenerate' }).click()
  await givePassword(page, 'Regenerate Recovery Codes', ADMIN.password)
  await expect(card.getByRole('list', { name: 'Recovery codes' })).toBeVisible()
  const fresh = await shownCodes(page)
  expect(fresh).toHaveLength(10)
  for (const code of fresh) expect(codes).not.toContain(code)
  await card.getByRole('checkbox', { name: 'I have saved these codes' }).check()
  await card.getByRole('button', { name: 'Done' }).click()
  await expect(card.getByText('10 recovery codes left')).toBeVisible()
  const again = await playwright.request.newContext({ baseURL: server.url })
  expect((await signInWithSecondFactor(again, credentials, 'recovery', codes[1]!)).status).toBe(401)
  expect((await signInWithSecondFactor(again, credentials, 'recovery', fresh[0]!)).status).toBe(200)
  await again.dispose()

  // Removing it takes the password; the codes go with it.
  await card.getByRole('button', { name: 'Remove' }).click()
  await givePassword(page, 'Remove Authenticator App', ADMIN.password)
  await expect(
    page.getByRole('status').filter({ hasText: 'Your authenticator app was removed' }),
  ).toBeVisible()
  await expect(card.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible()
  const removed = await ownFactors(page.request)
  expect(removed.authenticator).toBeNull()
  expect(removed.recoveryCodesLeft).toBe(0)
  expect((await storedSelf(page)).authenticator).toBe(false)
})
