import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import type { User } from '../../../schema/user'
import { SEED_PASSWORD } from '../../../scripts/seed/seed-database'
import { startRelyingParty } from '../sso/relyingParty'
import { testWithServer } from '../support/fixtures'
import { serverFactors } from '../users/factors'
import { plainUser, serverUsers } from '../users/users'
import { apiSignIn, signIn } from './login'

// A seeded directory of its own (most people in it are EXTERNAL).
const test = testWithServer({}, { users: 30, sessions: 0, services: 0, attributeKeys: 0 })

/**
 * The code an authenticator app shows (RFC 6238: SHA-1, 6 digits, 30 s), `ahead` periods from
 * now. A code is taken once per period, so a sign-in right after the enrolment uses the next
 * one, which the server accepts as one step of clock drift.
 */
const appCode = (secret: string, ahead = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + ahead * 30_000 })

const heading = (page: Page, name: string) => page.getByRole('heading', { name })

// Seeded people may see their password-expiry warning over Home: the address says enough.
const expectSignedIn = (page: Page) => expect(page).toHaveURL(/\/home$/)

async function signOut(page: Page) {
  await page.goto('/logout')
  await expect(page).toHaveURL(/\/login$/)
}

async function setPolicy(api: APIRequestContext, mode: 'required' | 'optional') {
  const answer = await api.put('/v1/mfa-policy/EXTERNAL', { data: { mode, graceDays: 0 } })
  expect(answer.status(), await answer.text()).toBe(200)
}

async function somePerson(api: APIRequestContext): Promise<User> {
  const users = await serverUsers(api)
  return users.find((u) => plainUser(u) && u.type === 'EXTERNAL' && !u.authenticator)!
}

test('a required policy enrols an authenticator app at sign-in; the app and a recovery code then sign in', async ({
  page,
  playwright,
  server,
}) => {
  const admin = await playwright.request.newContext({ baseURL: server.url })
  await apiSignIn(admin)
  await setPolicy(admin, 'required')
  const person = await somePerson(admin)
  const credentials = { username: person.email, password: SEED_PASSWORD }

  // The password is right, but the account has no second factor: it sets one up before anything.
  await page.goto('/login')
  await signIn(page, credentials)
  await expect(heading(page, 'Set up your authenticator app')).toBeVisible()
  await expect(page.getByText('Your organisation requires a second factor')).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('authenticator-secret').innerText()).replace(/\s/g, '')
  const uri = new URL(await page.getByTestId('authenticator-uri').innerText())
  expect(uri.protocol).toBe('otpauth:')
  expect(uri.searchParams.get('secret')).toBe(secret)
  expect(uri.searchParams.get('issuer')).toBe('Gatehouse')
  expect(decodeURIComponent(uri.pathname)).toContain(`Gatehouse:${person.email}`)
  // Nothing is signed in yet.
  expect((await page.request.get('/v1/self')).status()).toBe(401)

  // A wrong code is refused and the step stays; the app's code enrols it.
  const code = page.getByLabel('Code from the app')
  await code.fill(appCode(secret) === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('Incorrect Code. Try Again.')
  await code.fill(appCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()

  // The recovery codes, once: downloaded, ticked, then the console.
  await expect(heading(page, 'Save your recovery codes')).toBeVisible()
  const codes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allInnerTexts()
  expect(codes).toHaveLength(10)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toBe('gatehouse-recovery-codes.txt')
  const continueButton = page.getByRole('button', { name: 'Continue' })
  await expect(continueButton).toBeDisabled()
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).click()
  await continueButton.click()
  await expectSignedIn(page)
  const stored = await serverFactors(admin, person.id)
  expect(stored.map((f) => f.kind)).toEqual(['authenticator', 'recovery'])
  expect(stored.find((f) => f.kind === 'recovery')?.count).toBe(10)

  // Next time the step asks for the app's code first.
  await signOut(page)
  await signIn(page, credentials)
  await expect(heading(page, 'Two Factor Authentication')).toBeVisible()
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible()
  await page.getByLabel('Authenticator Code').fill(appCode(secret, 1))
  await page.getByRole('button', { name: 'Validate Code' }).click()
  await expectSignedIn(page)

  // Without the app: 'Use another method', a recovery code, which then is used up.
  await signOut(page)
  await signIn(page, credentials)
  await expect(heading(page, 'Two Factor Authentication')).toBeVisible()
  await page.getByRole('button', { name: 'Recovery code' }).click()
  await page.getByLabel('Recovery Code').fill(codes[0]!)
  await page.getByRole('button', { name: 'Validate Code' }).click()
  await expectSignedIn(page)
  const after = await serverFactors(admin, person.id)
  expect(after.find((f) => f.kind === 'recovery')?.count).toBe(9)

  await signOut(page)
  await signIn(page, credentials)
  await page.getByRole('button', { name: 'Recovery code' }).click()
  await page.getByLabel('Recovery Code').fill(codes[0]!)
  await page.getByRole('button', { name: 'Validate Code' }).click()
  await expect(page.getByRole('alert')).toHaveText('Incorrect Code. Try Again.')
  await setPolicy(admin, 'optional')
  await admin.dispose()
})

test('a service asking acr_values=mfa gets the second factor, or an error it can read', async ({
  page,
  playwright,
  server,
}) => {
  const admin = await playwright.request.newContext({ baseURL: server.url })
  await apiSignIn(admin)
  const created = await admin.post('/v1/service', {
    data: { key: 'beta-desk', name: 'Beta Desk', accessTokenTimeout: 1 },
  })
  expect(created.status(), await created.text()).toBe(200)
  const service = ((await created.json()) as { results: { service: { id: string } } }).results
    .service
  const rp = await startRelyingParty(`${server.url}/oidc`, 'beta-desk')
  const uris = await admin.put(`/v1/service/${service.id}/redirectUris`, {
    data: { redirectUris: [`${rp.base}/callback`] },
  })
  expect(uris.status(), await uris.text()).toBe(200)
  await rp.discover()
  // Whatever the test before left: a second factor is optional.
  await setPolicy(admin, 'optional')
  const users = await serverUsers(admin)
  const [withApp, without] = users.filter(
    (u) => plainUser(u) && u.type === 'EXTERNAL' && !u.authenticator,
  )

  // One person sets up an app in their own session, as the Profile does.
  const own = await playwright.request.newContext({ baseURL: server.url })
  await apiSignIn(own, { username: withApp!.email, password: SEED_PASSWORD })
  const setup = await own.post('/v1/factors/authenticator', { data: { password: SEED_PASSWORD } })
  const { setupId, secret } = (
    (await setup.json()) as {
      results: { setupId: string; secret: string }
    }
  ).results
  const confirmed = await own.post('/v1/factors/authenticator/confirm', {
    data: { setupId, code: appCode(secret) },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  await own.dispose()

  // Signed in to the console with the password only (a code is asked, the app's)…
  await page.goto('/login')
  await signIn(page, { username: withApp!.email, password: SEED_PASSWORD })
  await page.getByLabel('Authenticator Code').fill(appCode(secret, 1))
  await page.getByRole('button', { name: 'Validate Code' }).click()
  await expectSignedIn(page)

  // …the service asks for a second factor: this session has one, so it signs straight in.
  await page.goto(`${rp.base}/login?acr_values=mfa`)
  const signedIn = heading(page, `Signed in to Alpha Desk as ${withApp!.email}`)
  // A seeded password may be near its expiry: the warning comes first, then the service.
  const onward = page.getByRole('button', { name: 'Continue to Beta Desk' })
  await expect(signedIn.or(onward)).toBeVisible()
  if (await onward.isVisible()) await onward.click()
  await expect(signedIn).toBeVisible()
  const claims = rp.signIns[0]!.claims()!
  expect(claims.sub).toBe(withApp!.id)
  expect(claims.acr).toBe('mfa')
  expect(claims.amr).toEqual(['pwd', 'otp', 'mfa'])

  // Someone with no second factor: the service hears why, in words it can read.
  await signOut(page)
  await signIn(page, { username: without!.email, password: SEED_PASSWORD })
  await expectSignedIn(page)
  await page.goto(`${rp.base}/login?acr_values=mfa`)
  await expect(heading(page, 'Sign-in failed: unmet_authentication_requirements')).toBeVisible()
  expect(rp.signIns).toHaveLength(1)
  await rp.stop()
  await admin.dispose()
})
