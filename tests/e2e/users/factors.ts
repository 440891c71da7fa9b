import { expect, type APIRequest, type APIRequestContext, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import type { UserFactor } from '../../../schema/factors'
import { SEED_PASSWORD } from '../../../scripts/seed/seed-database'
import { apiSignIn } from '../login/login'
import { detailPane, plainUser, serverUsers } from './users'

/** The code an authenticator app shows for `secret` now (RFC 6238: SHA-1, 6 digits, 30 s). */
export const authenticatorCode = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate()

/**
 * Sets up an authenticator app for the person signed in on `request`, as the Profile does: the
 * password again, then a first code from the app. Answers the recovery codes shown once.
 */
export async function enrolAuthenticator(request: APIRequestContext, password: string) {
  const setup = await request.post('/v1/factors/authenticator', { data: { password } })
  expect(setup.status(), await setup.text()).toBe(200)
  const { setupId, secret } = (
    (await setup.json()) as {
      results: { setupId: string; secret: string }
    }
  ).results
  const confirmed = await request.post('/v1/factors/authenticator/confirm', {
    data: { setupId, code: authenticatorCode(secret) },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  return ((await confirmed.json()) as { results: { recoveryCodes: string[] } }).results
    .recoveryCodes
}

/** What the server says of a user's second factors (users.read). */
export async function serverFactors(request: APIRequestContext, id: string): Promise<UserFactor[]> {
  const answer = await request.get(`/v1/user/${id}/factors`)
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { results: { factors: UserFactor[] } }).results.factors
}

/** The detail's Second factors section. */
export const factorsSection = (page: Page) =>
  detailPane(page).getByRole('region', { name: 'Second factors' })

/**
 * Someone with an authenticator app: one the server already has, or a seeded person (who signs in
 * with the seed's password) who sets one up now. Asked before the page signs in, so that the
 * console's first sync already holds it (a row changing under an open detail starts it afresh).
 */
export async function someoneWithAnApp(request: APIRequest, baseURL: string) {
  const admin = await request.newContext({ baseURL })
  await apiSignIn(admin)
  const users = await serverUsers(admin)
  await admin.dispose()
  const enrolled = users.find((u) => u.authenticator && !u.disabled)
  if (enrolled) return enrolled
  const person = users.find(plainUser)
  if (!person) throw new Error('The seed made nobody who signs in with its password alone.')
  const own = await request.newContext({ baseURL })
  await apiSignIn(own, { username: person.email, password: SEED_PASSWORD })
  await enrolAuthenticator(own, SEED_PASSWORD)
  await own.dispose()
  return person
}
