import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { OwnFactorsResults } from '../../../schema/factors'

/** The Profile's 'Authenticator app' card. */
export const authenticatorCard = (page: Page) =>
  page.getByRole('region', { name: 'Authenticator app' })

/** The password dialog every change of the app opens first. */
export async function givePassword(page: Page, title: string, password: string) {
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Current Password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  return dialog
}

/** The key as the page shows it (groups of four), as one base32 string. */
export async function shownSecret(page: Page): Promise<string> {
  const text = await authenticatorCard(page).getByTestId('authenticator-secret').innerText()
  return text.replace(/\s+/g, '')
}

/** The recovery codes on screen, in order, once they show (the server answers Verify first). */
export async function shownCodes(page: Page) {
  const items = authenticatorCard(page)
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
  await expect(items.first()).toBeVisible()
  return items.allInnerTexts()
}

/** What GET /v1/factors answers the signed-in user of `request`. */
export async function ownFactors(request: APIRequestContext): Promise<OwnFactorsResults> {
  const answer = await request.get('/v1/factors')
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { results: OwnFactorsResults }).results
}

/**
 * The sign-in as the server sees it (the console's second step is another screen's work): the
 * password, then `code` by `method`. Answers the second step's HTTP status.
 */
export async function signInWithSecondFactor(
  request: APIRequestContext,
  credentials: { username: string; password: string },
  method: 'totp' | 'recovery',
  code: string,
) {
  const first = await request.post('/v1/login', { data: credentials })
  expect(first.status(), await first.text()).toBe(200)
  const { mfaId, user, methods } = (
    (await first.json()) as {
      results: { mfaId?: string; user: { id: string }; methods?: string[] }
    }
  ).results
  expect(mfaId, 'the password alone no longer opens a session').toBeTruthy()
  expect(methods).toContain(method)
  const second = await request.post('/v1/login/verify', {
    data: { userId: user.id, requestId: mfaId, accessCode: code, service: 'sso', method },
  })
  return { status: second.status(), methods }
}

/** From the Profile: the password, then the setup step with the secret shown. Answers the key. */
export async function startSetup(page: Page, password: string): Promise<string> {
  await authenticatorCard(page).getByRole('button', { name: 'Set up authenticator app' }).click()
  await givePassword(page, 'Set Up Authenticator App', password)
  await expect(authenticatorCard(page).getByLabel('Code from the app')).toBeVisible()
  return shownSecret(page)
}

/** The setup step's code, then the recovery codes on screen (Done still off). */
export async function verifyCode(page: Page, code: string) {
  const card = authenticatorCard(page)
  await card.getByLabel('Code from the app').fill(code)
  await card.getByRole('button', { name: 'Verify' }).click()
  await expect(card.getByRole('list', { name: 'Recovery codes' })).toBeVisible()
}

/** Marks the codes saved, closes them, and removes the app again (the screen runs leave no app). */
export async function saveCodesAndRemove(page: Page, password: string) {
  const card = authenticatorCard(page)
  await card.getByRole('checkbox', { name: 'I have saved these codes' }).check()
  await card.getByRole('button', { name: 'Done' }).click()
  await card.getByRole('button', { name: 'Remove' }).click()
  await givePassword(page, 'Remove Authenticator App', password)
  await expect(card.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible()
}

/** Sets the INTERNAL second-factor policy as the signed-in administrator of `request`. */
export async function setInternalPolicy(
  request: APIRequestContext,
  mode: 'optional' | 'required',
  graceDays = 14,
) {
  const answer = await request.put('/v1/mfa-policy/INTERNAL', { data: { mode, graceDays } })
  expect(answer.status(), await answer.text()).toBe(200)
}
