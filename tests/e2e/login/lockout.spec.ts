import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { signIn } from './login'

const LOCKED_FOR_A_WHILE =
  'Too many failed sign-in attempts for this account. Try again in 5 minutes.'
// Locks the administrator out: a server of its own, with a low threshold so the test is short.
const test = testWithServer({
  LOCKOUT_THRESHOLD: '3',
  LOCKOUT_WAIT_MINUTES: '5',
  THROTTLE_MAX_FAILURES: '4',
})

test('failures in a row lock the account for a while, then clients that keep trying are throttled', async ({
  page,
}) => {
  const attempt = (password: string) => signIn(page, { username: ADMIN.email, password })
  for (const n of [1, 2]) {
    await attempt(`Wrong#password${n}`)
    await expect(page.getByRole('alert')).toHaveText('Incorrect Login. Try Again.')
  }
  // A stranger's guesses lock the account only for a while, and the message says how long.
  await attempt('Wrong#password3')
  await expect(page.getByRole('alert')).toHaveText(LOCKED_FOR_A_WHILE)

  // The right password does not open it before the wait is over, so the lock confirms no guess.
  await attempt(ADMIN.password)
  await expect(page.getByRole('alert')).toHaveText(LOCKED_FOR_A_WHILE)
  expect((await page.request.get('/v1/self')).status()).toBe(401)

  // The same client now guesses across other accounts: the server asks it to wait, and says how long.
  await signIn(page, { username: 'someone.else@example.com', password: 'Wrong#password4' })
  await expect(page.getByRole('alert')).toHaveText('Incorrect Login. Try Again.')
  await signIn(page, { username: 'another.one@example.com', password: 'Wrong#password5' })
  await expect(page.getByRole('alert')).toHaveText(
    /from this address\. Try again in \d+ seconds?\./,
  )
})
