import type { APIRequestContext, Page } from '@playwright/test'
import { decodeJwt } from 'jose'
import type { Service } from '../../../schema/service'
import {
  apiSignIn,
  expectSignedIn,
  loginButton,
  passwordField,
  signIn,
  usernameField,
} from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { serverServices } from '../services/services'
import { sessionList } from '../sessions/sessions'
import { ADMIN } from '../support/server'
import { startRelyingParty } from './relyingParty'

// The relying party listens on 127.0.0.1: the provider may post its logout tokens there.
const test = testWithServer({ OIDC_PRIVATE_BACKCHANNEL: 'true' })

const HOURS = 2

const editor = (page: Page, thing: string) => page.getByRole('form', { name: `Edit ${thing}` })

/** Opens the Services detail's editor of `title`, types `value` and presses Save Changes. */
async function edit(page: Page, title: string, value: string) {
  const thing = title.toLowerCase()
  await page
    .getByRole('region', { name: 'Service detail' })
    .getByRole('button', { name: `Edit ${thing}` })
    .click()
  const form = editor(page, thing)
  await form.getByLabel(title, { exact: true }).fill(value)
  await form.getByRole('button', { name: 'Save Changes' }).click()
  return form
}

/** Generates a client secret in the Services detail and reads it off the screen (shown once). */
async function generateSecret(page: Page, name: string) {
  const secrets = page.getByRole('region', { name: 'Client secrets' })
  await secrets.getByLabel('Secret name').fill(name)
  await secrets.getByRole('button', { name: /^(Generate|Rotate) secret$/ }).click()
  const shown = secrets.getByRole('status').filter({ hasText: `The secret “${name}”` })
  const value = (await shown.locator('code').textContent()) ?? ''
  expect(value).toMatch(/^[A-Za-z0-9_-]{40,}$/)
  await shown.getByRole('button', { name: 'Done' }).click()
  await expect(shown).toBeHidden()
  return value
}

/** The service as the server keeps it. */
async function stored(api: APIRequestContext, id: string) {
  const nodes = (await serverServices(api)) as unknown as Service[]
  const found = nodes.find((node) => node.id === id)
  if (!found) throw new Error(`no service ${id}`)
  return found
}

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
  const signedInHeading = page.getByRole('heading', {
    name: `Signed in to Alpha Desk as ${ADMIN.email}`,
  })

  // Staff give the service its redirect URIs in the console's Services detail.
  await signIn(page)
  await expectSignedIn(page)
  await page.goto(`/services/${service.id}`)
  const pane = page.getByRole('region', { name: 'Service detail' })
  await pane.getByRole('button', { name: 'Edit redirect uris' }).click()
  const uris = editor(page, 'redirect uris')
  await uris.getByLabel('Redirect URIs', { exact: true }).fill(`${rp.base}/callback\nnot a url`)
  await uris.getByLabel('Redirect URIs', { exact: true }).blur()
  await expect(uris.getByText(/Each must be an absolute http/)).toBeVisible()
  await expect(uris.getByRole('button', { name: 'Save Changes' })).toBeDisabled()
  await uris.getByLabel('Redirect URIs', { exact: true }).fill(`${rp.base}/callback`)
  await uris.getByRole('button', { name: 'Save Changes' }).click()
  await expect(pane.getByRole('group', { name: 'Redirect URIs', exact: true })).toContainText(
    `${rp.base}/callback`,
  )
  await edit(page, 'Post-logout redirect URIs', `${rp.base}/bye`)
  await edit(page, 'Back-channel logout URI', `${rp.base}/backchannel`)
  await expect(pane.getByRole('group', { name: 'Back-channel logout URI' })).toContainText(
    `${rp.base}/backchannel`,
  )
  await expect
    .poll(async () => {
      const s = await stored(api, service.id)
      return [s.redirectUris, s.postLogoutRedirectUris, s.backchannelLogoutUri]
    })
    .toEqual([[`${rp.base}/callback`], [`${rp.base}/bye`], `${rp.base}/backchannel`])
  await rp.discover()

  // Signed in to the console already: the service's sign-in reuses that session (single sign-on).
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

  // Made confidential in the console, the service signs in with a secret shown once; a rotation
  // keeps the previous secret working for the overlap; a revoked secret is refused.
  await page.goto(`/services/${service.id}`)
  await pane.getByRole('button', { name: 'Edit client type' }).click()
  await editor(page, 'client type')
    .getByRole('radio', { name: /^Confidential/ })
    .check()
  await editor(page, 'client type').getByRole('button', { name: 'Save Changes' }).click()
  await expect(pane.getByRole('group', { name: 'Client type' })).toContainText('Confidential')
  const secrets = page.getByRole('region', { name: 'Client secrets' })
  const firstSecret = await generateSecret(page, 'first')
  await rp.discover(firstSecret)
  await page.goto(`${rp.base}/login`)
  await expect(signedInHeading).toBeVisible()
  expect(rp.signIns).toHaveLength(4)
  const confidential = rp.signIns.at(-1)!.refresh_token!
  await page.goto(`/services/${service.id}`)
  const secondSecret = await generateSecret(page, 'second')
  await expect(secrets.getByRole('listitem').filter({ hasText: 'first' })).toContainText('Expires')
  await expect(secrets.getByRole('listitem').filter({ hasText: 'second' })).toContainText('Current')
  const overlap = await rp.refresh(confidential, firstSecret)
  const rotated = await rp.refresh(overlap.refresh_token!, secondSecret)
  await secrets.getByRole('button', { name: 'Revoke secret first' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
  await expect(secrets.getByRole('listitem')).toHaveCount(1)
  const refused = (await rp
    .refresh(rotated.refresh_token!, firstSecret)
    .catch((e: unknown) => e)) as {
    status?: number
  }
  // 401 with a challenge: the client's authentication failed (invalid_client).
  expect(refused.status).toBe(401)
  await rp.discover(secondSecret)

  // Revoking the session in the console's Sessions screen tells the service (back-channel
  // logout). The API's own session ends first: the page's is then the only one.
  expect((await api.post('/v1/logout')).status()).toBe(200)
  const before = rp.logoutTokens.length
  await page.goto('/sessions')
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(1)
  // The row says which services the session signed into.
  await expect(sessionList(page).getByRole('listitem')).toContainText('signed in to Alpha Desk')
  await sessionList(page)
    .getByRole('button', { name: /Revoke session of .*Administrator/ })
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(() => rp.logoutTokens.length).toBeGreaterThan(before)
  const logout = decodeJwt(rp.logoutTokens.at(-1)!)
  expect(logout.sub).toBe(adminId)
  expect(logout.aud).toBe('alpha-desk')
  expect(logout.sid).toBe(rp.signIns.at(-1)!.claims()!.sid)

  await rp.stop()
  await api.dispose()
})
