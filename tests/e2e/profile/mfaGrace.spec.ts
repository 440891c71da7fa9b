import type { OwnFactorsResults } from '../../../schema/factors'
import { apiSignIn, signIn } from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { authenticatorCode } from '../users/factors'
import { authenticatorCard, givePassword, ownFactors, shownSecret } from './authenticator'
import { storedSelf } from './profile'

// A server of its own: the policy here requires a second factor of every INTERNAL user.
const test = testWithServer()

const GRACE_DAYS = 14
const LAST_FACTOR =
  'Your organisation requires a second factor: turn on text-message codes before removing the authenticator app.'

test('a person without a second factor is warned, sets one up, and cannot remove the last', async ({
  page,
  playwright,
  server,
}) => {
  // Four password re-checks (argon2) and two sign-ins on a two-core machine.
  test.slow()
  // The administrator requires a second factor of INTERNAL users, with two weeks' grace.
  const admin = await playwright.request.newContext({ baseURL: server.url })
  await apiSignIn(admin)
  const put = await admin.put('/v1/mfa-policy/INTERNAL', {
    data: { mode: 'required', graceDays: GRACE_DAYS },
  })
  expect(put.status(), await put.text()).toBe(200)
  await admin.dispose()

  // The administrator is such a person: INTERNAL, with no factor yet.
  await signIn(page, { username: ADMIN.email, password: ADMIN.password })
  await expect(page).toHaveURL(/\/home$/)
  const self = await storedSelf(page)
  expect(self.authenticator).toBe(false)
  expect(self.mfaGraceUntil).not.toBeNull()
  const graceUntil = new Date(self.mfaGraceUntil!)
  const days = (graceUntil.getTime() - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(GRACE_DAYS - 1)
  expect(days).toBeLessThanOrEqual(GRACE_DAYS)
  const factors: OwnFactorsResults = await ownFactors(page.request)
  expect(factors.policy).toEqual({ mode: 'required', graceUntil: self.mfaGraceUntil })

  const date = graceUntil.toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
  })
  const dialog = page.getByRole('dialog', { name: `Set up a second factor by ${date}` })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`After ${date}, signing in will ask you to set one up`)
  await dialog.getByRole('button', { name: 'Set up now' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(dialog).toBeHidden()
  const card = authenticatorCard(page)
  await expect(
    card.getByText(/^Your organisation requires a second factor\. Set one up by /),
  ).toBeVisible()

  // Once per browser session: a reload does not ask again.
  await page.reload()
  await expect(card.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await card.getByRole('button', { name: 'Set up authenticator app' }).click()
  await givePassword(page, 'Set Up Authenticator App', ADMIN.password)
  const secret = await shownSecret(page)
  await card.getByLabel('Code from the app').fill(authenticatorCode(secret))
  await card.getByRole('button', { name: 'Verify' }).click()
  await card.getByRole('checkbox', { name: 'I have saved these codes' }).check()
  await card.getByRole('button', { name: 'Done' }).click()
  await expect(card.getByText('10 recovery codes left')).toBeVisible()
  // The grace period ended with the factor.
  expect((await storedSelf(page)).mfaGraceUntil).toBeNull()
  expect((await ownFactors(page.request)).policy).toEqual({ mode: 'required', graceUntil: null })

  // The policy keeps the last factor: the server's 422 says why, under the card.
  await card.getByRole('button', { name: 'Remove' }).click()
  const remove = await givePassword(page, 'Remove Authenticator App', ADMIN.password)
  await expect(remove).toBeHidden()
  await expect(card.getByRole('alert')).toHaveText(LAST_FACTOR)
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `The authenticator app was not removed: ${LAST_FACTOR}` }),
  ).toBeVisible()
  expect((await ownFactors(page.request)).authenticator).not.toBeNull()
})
