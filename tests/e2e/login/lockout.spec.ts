import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { signIn } from './login'

const LOCKED =
  'This account has been locked, once an admin unlocks your account you will receive a password reset email.'
// Locks the administrator out: a server of its own, with a low threshold so the test is short.
const test = testWithServer({ LOCKOUT_THRESHOLD: '3', THROTTLE_MAX_FAILURES: '4' })

test('consecutive failures lock the account, then clients that keep trying are throttled', async ({
  page,
}) => {
  const attempt = (password: string) => signIn(page, { username: ADMIN.email, password })
  for (const n of [1, 2]) {
    await attempt(`Wrong#password${n}`)
    await expect(page.getByRole('alert')).toHaveText('Incorrect Login. Try Again.')
  }
  await attempt('Wrong#password3')
  await expect(page.getByRole('alert')).toHaveText(LOCKED)

  // The right password does not open a locked account.
  await attempt(ADMIN.password)
  await expect(page.getByRole('alert')).toHaveText(LOCKED)
  expect((await page.request.get('/v1/self')).status()).toBe(401)

  // The same client now guesses across other accounts: the server asks it to wait, and says how long.
  await signIn(page, { username: 'someone.else@example.com', password: 'Wrong#password4' })
  await expect(page.getByRole('alert')).toHaveText('Incorrect Login. Try Again.')
  await signIn(page, { username: 'another.one@example.com', password: 'Wrong#password5' })
  await expect(page.getByRole('alert')).toHaveText(/Try again in \d+ seconds?\./)
})
