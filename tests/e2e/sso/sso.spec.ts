import { decodeJwt } from 'jose'
import {
  apiSignIn,
  expectSignedIn,
  loginButton,
  passwordField,
  signIn,
  usernameField,
} from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { startRelyingParty } from './relyingParty'

// The relying party listens on 127.0.0.1: the provider may post its logout tokens there.
const test = testWithServer({ OIDC_PRIVATE_BACKCHANNEL: 'true' })

const HOURS = 2

test('a service signs a user in through Gatehouse, refreshes, and is signed out', async ({
  page,
  playwright,
  server,
}) => {
  const api = await playwright.request.newContext({ baseURL: server.url })
  const adminId = await apiSignIn(api)
  const created = await api.post('/v1/service', {
    data: { key: 'alpha-desk', name: 'Alpha Desk', accessTokenTimeout: HOURS },
  })
  expect(created.status(), await created.text()).toBe(200)
  const service = ((await created.json()) as { results: { service: { id: string } } }).results
    .service
  const rp = await startRelyingParty(`${server.url}/oidc`, 'alpha-desk')
  const put = async (field: string, value: unknown) => {
    const answer = await api.put(`/v1/service/${service.id}/${field}`, { data: { [field]: value } })
    expect(answer.status(), await answer.text()).toBe(200)
  }
  await put('redirectUris', [`${rp.base}/callback`])
  await put('postLogoutRedirectUris', [`${rp.base}/bye`])
  await put('backchannelLogoutUri', `${rp.base}/backchannel`)
  await rp.discover()
  const signedInHeading = page.getByRole('heading', {
    name: `Signed in to Alpha Desk as ${ADMIN.email}`,
  })

  // Signed in to the console already: the service's sign-in reuses that session (single sign-on).
  await signIn(page)
  await expectSignedIn(page)
  await page.goto(`${rp.base}/login`)
  await expect(signedInHeading).toBeVisible()
  expect(rp.errors).toEqual([])

  // The id token names the user; the tokens live as long as the service says.
  const first = rp.signIns.at(-1)!
  const claims = first.claims()!
  expect(claims.sub).toBe(adminId)
  expect(claims.email).toBe(ADMIN.email)
  expect(claims.aud).toBe('alpha-desk')
  expect(claims.exp - claims.iat).toBe(HOURS * 3600)
  expect(first.expires_in).toBeLessThanOrEqual(HOURS * 3600)
  expect(first.expires_in).toBeGreaterThan((HOURS - 1) * 3600)
  expect(first.refresh_token).toBeTruthy()

  // The refresh token gives a new access token.
  const refreshed = await rp.refresh(first.refresh_token!)
  expect(refreshed.access_token).toBeTruthy()
  expect(refreshed.access_token).not.toBe(first.access_token)
  expect(refreshed.expires_in).toBeGreaterThan((HOURS - 1) * 3600)

  // A deleted service is no client at once; restored, it signs in again.
  expect((await api.delete(`/v1/service/${service.id}`)).status()).toBe(200)
  await page.goto(`${rp.base}/login`)
  await expect(page.getByRole('heading', { name: 'The sign-in could not continue' })).toBeVisible()
  await expect(page.getByText(/invalid_client/)).toBeVisible()
  expect((await api.put(`/v1/service/${service.id}/restore`)).status()).toBe(200)
  await page.goto(`${rp.base}/login`)
  await expect(signedInHeading).toBeVisible()
  expect(rp.signIns).toHaveLength(2)

  // RP-initiated logout ends the Gatehouse session too.
  await page.goto(rp.endSessionUrl(rp.signIns.at(-1)!.id_token!))
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
  await expect(page.getByRole('heading', { name: 'Signed out of Alpha Desk' })).toBeVisible()
  expect((await page.request.get('/v1/self')).status()).toBe(401)

  // Now nobody is signed in: Gatehouse's own sign-in, with the service's name.
  await page.goto(`${rp.base}/login`)
  await expect(page.getByRole('heading', { name: 'Sign in to Alpha Desk' })).toBeVisible()
  await usernameField(page).fill(ADMIN.email)
  await passwordField(page).fill(ADMIN.password)
  await loginButton(page).click()
  await expect(signedInHeading).toBeVisible()
  expect(rp.signIns).toHaveLength(3)
  expect(rp.signIns.at(-1)!.claims()!.sub).toBe(adminId)

  // Revoking the user's sessions tells the service (back-channel logout).
  const before = rp.logoutTokens.length
  expect((await api.delete(`/v1/user/${adminId}/sessions`)).status()).toBe(200)
  await expect.poll(() => rp.logoutTokens.length).toBeGreaterThan(before)
  const logout = decodeJwt(rp.logoutTokens.at(-1)!)
  expect(logout.sub).toBe(adminId)
  expect(logout.aud).toBe('alpha-desk')
  expect(logout.sid).toBe(rp.signIns.at(-1)!.claims()!.sid)

  await rp.stop()
  await api.dispose()
})
