import { signIn } from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { expectOnHome, submitChange } from './password'

const DAY_MS = 86_400_000
// A short password life, so that the freshly created administrator is already inside the warning.
const test = testWithServer({ PASSWORD_MAX_AGE_DAYS: '10' })

type Self = { results: { user: { passwordExpiresAt: string } } }

test('the expiry warning: Later puts it off for the browser session; a change in it works', async ({
  page,
  browser,
  server,
}) => {
  await signIn(page)
  await expect(page).toHaveURL(/\/home$/)
  const self = (await (await page.request.get('/v1/self')).json()) as Self
  const expires = Date.parse(self.results.user.passwordExpiresAt)
  const days = Math.ceil((expires - Date.now()) / DAY_MS)
  expect(days).toBe(10)
  const dialog = page.getByRole('dialog', { name: `Your Password will expire in ${days} days` })
  await expect(dialog).toBeVisible()
  expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(400)

  await dialog.getByRole('button', { name: 'Later' }).click()
  await expect(dialog).toBeHidden()
  await page.reload()
  await expectOnHome(page)
  await expect(page.getByRole('dialog')).toBeHidden()

  // A new browser session warns again; changing the password from the warning closes it.
  const context = await browser.newContext({ baseURL: server.url })
  const other = await context.newPage()
  await signIn(other)
  const again = other.getByRole('dialog', { name: `Your Password will expire in ${days} days` })
  await expect(again).toBeVisible()
  await submitChange(again, { oldPassword: ADMIN.password, password: 'Expiry#Passw0rd1' })
  await expect(again.getByRole('status')).toHaveText('Your password has been changed')
  await again.getByRole('button', { name: 'Close' }).click()
  await expect(again).toBeHidden()
  await expect(other).toHaveURL(/\/home$/)
  const after = (await (await other.request.get('/v1/self')).json()) as Self
  expect(Date.parse(after.results.user.passwordExpiresAt)).toBeGreaterThan(expires)
  await context.close()
})
