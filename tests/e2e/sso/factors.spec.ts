import { apiSignIn, expectSignedIn, loginButton, passwordField, signIn } from '../login/login'
import {
  addVirtualAuthenticator,
  biometricSwitch,
  expect,
  passkeyButton,
  passwordDialog,
  test,
} from '../passkeys/passkeys'
import { ADMIN, latestSecurityCode } from '../support/server'
import { startRelyingParty } from './relyingParty'

const PHONE = '5551234568'

// A server of its own at localhost (WebAuthn refuses IP addresses): the administrator gets a
// passkey and a second factor for good.
test('a service sign-in asks for the security code, and takes a passkey', async ({
  page,
  playwright,
  server,
}) => {
  const api = await playwright.request.newContext({ baseURL: server.url })
  const adminId = await apiSignIn(api)
  const created = await api.post('/v1/service', {
    data: { key: 'alpha-desk', name: 'Alpha Desk', accessTokenTimeout: 1 },
  })
  expect(created.status(), await created.text()).toBe(200)
  const service = ((await created.json()) as { results: { service: { id: string } } }).results
    .service
  const rp = await startRelyingParty(`${server.url}/oidc`, 'alpha-desk')
  const uris = await api.put(`/v1/service/${service.id}/redirectUris`, {
    data: { redirectUris: [`${rp.base}/callback`] },
  })
  expect(uris.status(), await uris.text()).toBe(200)
  await rp.discover()
  const signedIn = page.getByRole('heading', { name: `Signed in to Alpha Desk as ${ADMIN.email}` })
  const serviceSignIn = page.getByRole('heading', { name: 'Sign in to Alpha Desk' })

  // The administrator turns on biometric login in the console, and a second factor.
  await addVirtualAuthenticator(page)
  await signIn(page)
  await expectSignedIn(page)
  await page.goto('/profile')
  await biometricSwitch(page).click()
  await passwordDialog(page).getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await passwordDialog(page).getByRole('button', { name: 'Continue' }).click()
  await expect(biometricSwitch(page)).toBeChecked()
  const password = ADMIN.password
  expect(
    (await api.put(`/v1/user/${adminId}/phone`, { data: { phone: PHONE, password } })).status(),
  ).toBe(200)
  expect(
    (await api.put(`/v1/user/${adminId}/mfa`, { data: { use2FA: true, password } })).status(),
  ).toBe(200)
  await page.goto('/logout')
  await expect(page).toHaveURL(/\/login$/)

  // The service's sign-in: the password, then the code sent by SMS, then back to the service.
  const before = new Date().toISOString()
  await page.goto(`${rp.base}/login`)
  await expect(serviceSignIn).toBeVisible()
  await page.getByLabel('Username').fill(ADMIN.email)
  await passwordField(page).fill(ADMIN.password)
  await loginButton(page).click()
  await expect(page.getByRole('heading', { name: 'Two Factor Authentication' })).toBeVisible()
  await page.getByLabel('Security Code').fill(await latestSecurityCode(server, PHONE, before))
  await page.getByRole('button', { name: 'Validate Code' }).click()
  await expect(signedIn).toBeVisible()
  expect(rp.signIns).toHaveLength(1)
  expect(rp.signIns[0]!.claims()!.sub).toBe(adminId)

  // Signed out of Gatehouse, the service's sign-in takes the passkey: no name, no password.
  await page.goto('/logout')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto(`${rp.base}/login`)
  await expect(serviceSignIn).toBeVisible()
  await passkeyButton(page).click()
  await expect(signedIn).toBeVisible()
  expect(rp.signIns).toHaveLength(2)
  expect(rp.signIns[1]!.claims()!.sub).toBe(adminId)

  // The server recorded both: the security code step and the passkey, each followed by the
  // service's authorization.
  const logs = (await (await api.get('/v1/logs?limit=200')).json()) as {
    results: { events: { action: string; outcome: string; detail: { method?: string } | null }[] }
  }
  const events = logs.results.events
  expect(
    events.filter((e) => e.action === 'oidc.authorize' && e.outcome === 'success'),
  ).toHaveLength(2)
  expect(events.some((e) => e.action === 'login.verify' && e.outcome === 'success')).toBe(true)
  expect(
    events.some(
      (e) => e.action === 'login' && e.outcome === 'success' && e.detail?.method === 'passkey',
    ),
  ).toBe(true)

  await rp.stop()
  await api.dispose()
})
