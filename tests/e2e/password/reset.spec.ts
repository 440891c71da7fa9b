import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { expectOnHome, field, loginStatus, resetLinkFor } from './password'

const NEW_PASSWORD = 'Reset#Passw0rd1'
// The reset changes the administrator's password for good: a server of its own.
const test = testWithServer()

test('forgot password, the mailed link, a new password, signed in; the link works once', async ({
  page,
  playwright,
  server,
}) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Forgot Password?' }).click()
  await expect(page).toHaveURL(/\/forgotPassword$/)
  await expect(
    page.getByText('Please enter your email address and a reset password link will be sent'),
  ).toBeVisible()
  const send = page.getByRole('button', { name: 'Send Link' })
  await expect(send).toBeDisabled()

  // An unknown address gets the same answer, and no mail.
  await field(page, 'Email').fill('nobody@example.com')
  await send.click()
  await expect(page.getByRole('status')).toHaveText('A password reset link was sent')
  expect(server.outbox().filter((m) => m.to === 'nobody@example.com')).toEqual([])

  await field(page, 'Email').fill(ADMIN.email.toUpperCase())
  await send.click()
  const link = await resetLinkFor(server, ADMIN.email)
  expect(link.startsWith(`${server.url}/passwordReset/`)).toBe(true)

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible()
  const save = page.getByRole('button', { name: 'Save Password' })
  await field(page, 'Email').fill('someone.else@example.com')
  await field(page, 'New Password').focus()
  await expect(field(page, 'Email')).toHaveAccessibleDescription(
    'Does not match email address on file',
  )
  await field(page, 'Email').fill(ADMIN.email)
  await field(page, 'New Password').fill(NEW_PASSWORD)
  await field(page, 'Repeat New Password').fill(NEW_PASSWORD)
  await expect(save).toBeEnabled()
  // Changing the new password checks the repeat again.
  await field(page, 'New Password').fill(`${NEW_PASSWORD}x`)
  await expect(field(page, 'Repeat New Password')).toHaveAccessibleDescription(
    'The passwords entered do not match.',
  )
  await expect(save).toBeDisabled()
  await field(page, 'New Password').fill(NEW_PASSWORD)
  await expect(save).toBeEnabled()
  await save.click()

  // Signed in with the new password, straight to Home.
  await expectOnHome(page)
  expect((await page.request.get('/v1/self')).status()).toBe(200)

  const api = await playwright.request.newContext({ baseURL: server.url })
  expect(await loginStatus(api, ADMIN.email, ADMIN.password)).toBe(401)
  expect(await loginStatus(api, ADMIN.email, NEW_PASSWORD)).toBe(200)
  await api.dispose()

  // The link was used: a second visit finds it expired, with the ways on.
  await page.goto('/logout')
  await expect(page.getByText('You have been logged out of Gatehouse.')).toBeVisible()
  await page.goto(link)
  await expect(page.getByText('Password reset link has expired.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  await page.getByRole('button', { name: 'forgot password' }).click()
  await expect(page).toHaveURL(/\/forgotPassword$/)
  await page.getByRole('button', { name: 'login page' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('the lower-case spelling /forgotpassword serves the same screen', async ({ page }) => {
  await page.goto('/forgotpassword')
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible()
})
