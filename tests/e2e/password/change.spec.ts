import { signIn } from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { expectOnHome, loginStatus, submitChange } from './password'

const NEW_PASSWORD = 'Changed#Passw0rd1'
const RECENTLY_USED =
  'The new password you entered is the same as an old password. Enter a different password.'
// Changes the administrator's password for good: a server of its own.
const test = testWithServer()

test('change password from the user menu: refusals, then success and back home', async ({
  page,
  playwright,
  server,
}) => {
  await signIn(page)
  await expectOnHome(page)
  await page.getByRole('button', { name: /user menu/i }).click()
  await page.getByRole('menuitem', { name: 'Change Password' }).click()
  await expect(page).toHaveURL(/\/password$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Password Change' })).toBeVisible()

  // The current password again: the server remembers it (807).
  await submitChange(page, { oldPassword: ADMIN.password, password: ADMIN.password })
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(RECENTLY_USED)

  // A wrong old password (805).
  await submitChange(page, { oldPassword: 'Wrong#Passw0rd1', password: NEW_PASSWORD })
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'The old password is not correct.',
  )

  await submitChange(page, { oldPassword: ADMIN.password, password: NEW_PASSWORD })
  // The page's own message; the same words also come as a notification, outside the page.
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your password has been changed',
  )
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been changed' }),
  ).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Home' })).toBeVisible()
  // Five seconds later the screen moves on by itself.
  await expectOnHome(page)

  const api = await playwright.request.newContext({ baseURL: server.url })
  expect(await loginStatus(api, ADMIN.email, ADMIN.password)).toBe(401)
  expect(await loginStatus(api, ADMIN.email, NEW_PASSWORD)).toBe(200)
  await api.dispose()
})
