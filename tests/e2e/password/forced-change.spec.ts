import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { signIn } from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { expectOnHome, loginStatus, submitChange } from './password'

const NEW_PASSWORD = 'Chosen#Passw0rd1'
// No ADMIN_PASSWORD: the server generates one, writes it to DATA_DIR and demands a change.
const test = testWithServer({ ADMIN_PASSWORD: '' })

test('a generated administrator password must be changed before anything else', async ({
  page,
  playwright,
  server,
}) => {
  const generated = readFileSync(join(server.dataDir, 'initial-admin-password'), 'utf8').trim()
  await signIn(page, { username: ADMIN.email, password: generated })
  await expect(page).toHaveURL(/\/password$/)
  await expect(
    page.getByRole('heading', { name: 'You need to change your password' }),
  ).toBeVisible()

  // Nothing else opens until it is done.
  for (const path of ['/sessions', '/home', '/']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/password$/)
  }
  await page.getByRole('link', { name: 'Sessions' }).first().click()
  await expect(page).toHaveURL(/\/password$/)

  await submitChange(page, { oldPassword: generated, password: NEW_PASSWORD })
  // The page's own message; the same words also come as a notification, outside the page.
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your password has been changed',
  )
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been changed' }),
  ).toHaveCount(2)
  await page.getByRole('button', { name: 'Home' }).click()
  await expectOnHome(page)
  await expect(page.getByText('You need to change your password')).toBeHidden()
  await page.goto('/sessions')
  await expect(page).toHaveURL(/\/sessions$/)

  // What the server stored: the new password signs in, the generated one no longer does.
  const api = await playwright.request.newContext({ baseURL: server.url })
  expect(await loginStatus(api, ADMIN.email, generated)).toBe(401)
  expect(await loginStatus(api, ADMIN.email, NEW_PASSWORD)).toBe(200)
  const self = (await (await api.get('/v1/self')).json()) as {
    results: { user: { mustChangePassword: boolean } }
  }
  expect(self.results.user.mustChangePassword).toBe(false)
  await api.dispose()
})
