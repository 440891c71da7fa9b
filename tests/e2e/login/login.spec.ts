import { test, expect } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { expectSignedIn, loginButton, passwordField, signIn, usernameField } from './login'

test.describe('signing in', () => {
  test('the index and unknown paths lead a signed-out visitor to the login', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/login/)
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()

    await page.goto('/no/such/page')
    await expect(page).toHaveURL(/\/login/)
  })

  test('shows the field rules once a field is touched and keeps Login off while they fail', async ({
    page,
  }) => {
    await page.goto('/login')
    // Each message is the field's own description (aria-describedby), shown once it is touched.
    await usernameField(page).fill('not-a-user')
    await passwordField(page).focus()
    await expect(usernameField(page)).toHaveAccessibleDescription('Must be email/phone')
    await expect(loginButton(page)).toBeDisabled()

    await usernameField(page).fill('')
    await passwordField(page).focus()
    await expect(usernameField(page)).toHaveAccessibleDescription('Required')

    await usernameField(page).fill(ADMIN.email)
    await passwordField(page).fill('short')
    await usernameField(page).focus()
    await expect(passwordField(page)).toHaveAccessibleDescription('Must be at least 8 characters')
    await expect(loginButton(page)).toBeDisabled()

    await passwordField(page).fill(ADMIN.password)
    await expect(passwordField(page)).not.toHaveAccessibleDescription(
      'Must be at least 8 characters',
    )
    await expect(loginButton(page)).toBeEnabled()
  })

  test('a wrong password is refused with the catalogue message and no session', async ({
    page,
  }) => {
    await signIn(page, { username: ADMIN.email, password: 'Wrong#password1' })
    await expect(page.getByRole('alert')).toHaveText('Incorrect Login. Try Again.')
    await expect(page).toHaveURL(/\/login/)
    expect((await page.request.get('/v1/self')).status()).toBe(401)
  })

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login')
    await passwordField(page).fill('Secret#123')
    await expect(passwordField(page)).toHaveAttribute('type', 'password')
    await page.getByRole('button', { name: /show password/i }).click()
    await expect(passwordField(page)).toHaveAttribute('type', 'text')
    await page.getByRole('button', { name: /hide password/i }).click()
    await expect(passwordField(page)).toHaveAttribute('type', 'password')
  })

  test('signs in, returns to the page first asked for, and remembers the username', async ({
    page,
  }) => {
    await page.goto('/services')
    await expect(page).toHaveURL(/\/login/)
    await signIn(page, { username: ADMIN.email.toUpperCase(), password: ADMIN.password })
    await expect(page).toHaveURL(/\/services$/)

    const self = await page.request.get('/v1/self')
    expect(self.status()).toBe(200)
    expect(
      ((await self.json()) as { results: { user: { email: string } } }).results.user.email,
    ).toBe(ADMIN.email)

    await page.goto('/logout')
    await expect(page.getByText('You have been logged out of Gatehouse.')).toBeVisible()
    expect((await page.request.get('/v1/self')).status()).toBe(401)
    await expect(usernameField(page)).toHaveValue(ADMIN.email)
    await expect(passwordField(page)).toBeFocused()
    await passwordField(page).fill(ADMIN.password)
    await loginButton(page).click()
    await expectSignedIn(page)
  })

  test('a signed-in visitor is sent from the login and unknown paths to home', async ({ page }) => {
    await signIn(page)
    await expectSignedIn(page)
    await page.goto('/login')
    await expect(page).toHaveURL(/\/home$/)
    await page.goto('/somewhere/else')
    await expect(page).toHaveURL(/\/home$/)
    await page.goto('/')
    await expect(page).toHaveURL(/\/home$/)
  })
})
