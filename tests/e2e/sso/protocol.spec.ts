import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { decodeJwt } from 'jose'
import sharp from 'sharp'
import { apiSignIn, expectSignedIn, signIn } from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { startRelyingParty } from './relyingParty'

// The relying party listens on 127.0.0.1: the provider may post its logout tokens there.
const test = testWithServer({ OIDC_PRIVATE_BACKCHANNEL: 'true' })

/** Serious and critical axe findings on the page, one line each. */
async function axeFindings(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('a service signs in by form post and in a popup, and signs out by form post once', async ({
  page,
  playwright,
  server,
}) => {
  const api = await playwright.request.newContext({ baseURL: server.url })
  await apiSignIn(api)
  const created = await api.post('/v1/service', { data: { key: 'alpha-desk', name: 'Alpha Desk' } })
  expect(created.status(), await created.text()).toBe(200)
  const { id } = ((await created.json()) as { results: { service: { id: string } } }).results
    .service
  const logo = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 0, g: 142, b: 170 } },
  })
    .png()
    .toBuffer()
  const uploaded = await api.post(`/v1/service/${id}/logo`, {
    multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: logo } },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(200)
  const rp = await startRelyingParty(`${server.url}/oidc`, 'alpha-desk')
  for (const [field, value] of Object.entries({
    redirectUris: [`${rp.base}/callback`],
    postLogoutRedirectUris: [`${rp.base}/bye`],
    backchannelLogoutUri: `${rp.base}/backchannel`,
  })) {
    const put = await api.put(`/v1/service/${id}/${field}`, { data: { [field]: value } })
    expect(put.status(), await put.text()).toBe(200)
  }
  await rp.discover()
  // The service's pages at another site than Gatehouse's (localhost, not 127.0.0.1): a browser
  // sends Gatehouse's SameSite=Lax cookies with none of their form posts.
  const otherSite = rp.base.replace('127.0.0.1', 'localhost')
  const signedIn = `Signed in to Alpha Desk as ${ADMIN.email}`

  await signIn(page)
  await expectSignedIn(page)

  // In a popup, as oidc-client-ts's signinPopup: the popup passes the console's sign-in page
  // (the provider has no session yet) and still tells the window that opened it.
  await page.goto(`${rp.base}/popup`)
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Sign in in a popup' }).click()
  await expect((await popup).getByRole('heading', { name: signedIn })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(signedIn)

  // POST to the authorization endpoint (OpenID Connect Core §3.1.2.1), from the other site.
  await page.goto(`${otherSite}/login-form`)
  await page.getByRole('button', { name: 'Sign in with Gatehouse' }).click()
  await expect(page.getByRole('heading', { name: signedIn })).toBeVisible()

  // response_mode=form_post: the provider's page posts the code on by its hashed script.
  await page.goto(`${rp.base}/login?response_mode=form_post`)
  await expect(page.getByRole('heading', { name: signedIn })).toBeVisible()
  expect(rp.errors).toEqual([])
  expect(rp.signIns).toHaveLength(3)

  // POST to the logout endpoint from the other site: Gatehouse's own confirmation page.
  const idToken = rp.signIns.at(-1)!.id_token!
  await page.goto(`${otherSite}/logout-form?id_token_hint=${idToken}`)
  await page.getByRole('button', { name: 'Sign out of Alpha Desk' }).click()
  await expect(
    page.getByRole('heading', { name: 'Sign out of Gatehouse?', level: 1 }),
  ).toBeVisible()
  await expect(page).toHaveTitle('Sign out – Gatehouse')
  await expect(page.getByText('Alpha Desk asked to sign you out.')).toBeVisible()
  await expect(page.getByText(`You are signed in as ${ADMIN.email}.`)).toBeVisible()
  await expect(page.getByText('Either way, you are signed out of Alpha Desk.')).toBeVisible()
  const yes = page.getByRole('button', { name: 'Yes, sign me out' })
  await expect(yes).toBeFocused()
  await expect(page.getByRole('button', { name: 'No, stay signed in' })).toBeVisible()
  const mark = page.getByRole('img', { name: 'Alpha Desk logo' })
  await expect(mark).toBeVisible()
  expect(await mark.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  // The product's look: the brand colour with black text, Crete Round headings, the console's
  // fonts loaded from its build.
  await expect(yes).toHaveCSS('background-color', 'rgb(0, 142, 170)')
  await expect(yes).toHaveCSS('color', 'rgb(0, 0, 0)')
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-family', /^"Crete Round"/)
  expect(await page.evaluate(() => document.fonts.check('1rem "Libre Franklin"'))).toBe(true)
  expect(await axeFindings(page)).toEqual([])
  // Dark, and on a 390 px phone: nothing scrolls sideways, both buttons in view.
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(17, 17, 19)')
  expect(await axeFindings(page)).toEqual([])
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expect(yes).toBeInViewport()
  await expect(page.getByRole('button', { name: 'No, stay signed in' })).toBeInViewport()
  expect(await axeFindings(page)).toEqual([])

  const before = rp.logoutTokens.length
  await yes.click()
  await expect(page.getByRole('heading', { name: 'Signed out of Alpha Desk' })).toBeVisible()
  expect((await page.request.get(`${server.url}/v1/self`)).status()).toBe(401)
  // Exactly one back-channel logout token for the one service (the answer waited for them all).
  expect(rp.logoutTokens).toHaveLength(before + 1)
  const logout = decodeJwt(rp.logoutTokens.at(-1)!)
  expect(logout.aud).toBe('alpha-desk')
  expect(logout.sid).toBe(rp.signIns.at(-1)!.claims()!.sid)

  await rp.stop()
  await api.dispose()
})
