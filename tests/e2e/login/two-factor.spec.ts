import { expect, testWithServer } from '../support/fixtures'
import { ADMIN, latestSecurityCode } from '../support/server'
import { apiSignIn, expectSignedIn, signIn } from './login'

const PHONE = '5551234567'
// This spec turns the administrator's second factor on for good: it gets a server of its own.
const test = testWithServer({ LOCKOUT_THRESHOLD: '10' })

test('a second factor: wrong code refused, a resent code from the SMS outbox accepted', async ({
  page,
  playwright,
  server,
}) => {
  const api = await playwright.request.newContext({ baseURL: server.url })
  const id = await apiSignIn(api)
  // Moving one's own second factor takes the current password.
  const password = ADMIN.password
  const phone = await api.put(`/v1/user/${id}/phone`, { data: { phone: PHONE, password } })
  expect(phone.status()).toBe(200)
  const mfa = await api.put(`/v1/user/${id}/mfa`, { data: { use2FA: true, password } })
  expect(mfa.status()).toBe(200)
  await api.dispose()

  await signIn(page)
  await expect(page.getByRole('heading', { name: 'Two Factor Authentication' })).toBeVisible()
  await expect(page.getByText('Please enter the security code.')).toBeVisible()
  const validate = page.getByRole('button', { name: 'Validate Code' })
  await expect(validate).toBeDisabled()

  const code = await latestSecurityCode(server, PHONE)
  const wrong = code === '000000' ? '111111' : '000000'
  await page.getByLabel('Security Code').fill(wrong)
  await expect(validate).toBeEnabled()
  await validate.click()
  await expect(page.getByRole('alert')).toHaveText('Incorrect Code. Try Again.')
  expect((await page.request.get('/v1/self')).status()).toBe(401)

  // Where the code went, masked, and a new one on request: the newest code is the one that works.
  await expect(
    page.getByText('We sent a 6-digit code by text message to (•••) ••• - 4567.'),
  ).toBeVisible()
  await expect(page.getByText(PHONE)).toHaveCount(0)
  const resentAt = new Date().toISOString()
  await page.getByRole('button', { name: 'Resend code' }).click()
  await expect(
    page.getByText('We sent a new 6-digit code by text message to (•••) ••• - 4567.'),
  ).toBeVisible()
  const resent = await latestSecurityCode(server, PHONE, resentAt)
  await page.getByLabel('Security Code').fill(resent)
  await validate.click()
  await expectSignedIn(page)
  expect((await page.request.get('/v1/self')).status()).toBe(200)
})

test('the username may be the phone number', async ({ page, server }) => {
  const before = new Date().toISOString()
  await signIn(page, { username: `+91${PHONE}`, password: ADMIN.password })
  await expect(page.getByRole('heading', { name: 'Two Factor Authentication' })).toBeVisible()
  await page.getByLabel('Security Code').fill(await latestSecurityCode(server, PHONE, before))
  await page.getByRole('button', { name: 'Validate Code' }).click()
  await expectSignedIn(page)
})
