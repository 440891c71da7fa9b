import { expectSignedIn, signIn } from '../login/login'
import { ADMIN } from '../support/server'
import {
  addVirtualAuthenticator,
  biometricSwitch,
  expect,
  passkeyButton,
  passwordDialog,
  serverPasskeys,
  test,
} from './passkeys'

test('turn on biometric login on the profile, then sign in with the passkey', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page)
  await page.goto('/login')
  // Nothing to offer yet: this browser holds no passkey for Gatehouse.
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await expect(passkeyButton(page)).toHaveCount(0)
  await signIn(page)
  await expectSignedIn(page)

  await page.goto('/profile')
  await expect(biometricSwitch(page)).toBeEnabled()
  await expect(biometricSwitch(page)).not.toBeChecked()
  await biometricSwitch(page).click()
  const dialog = passwordDialog(page)
  await expect(dialog).toBeVisible()
  const password = dialog.getByLabel('Password', { exact: true })

  // A wrong password is refused in the dialog, which stays open for another try.
  await password.fill('Wrong#password1')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.')
  expect(await authenticator.credentials()).toHaveLength(0)

  await password.fill(ADMIN.password)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog).toBeHidden()
  await expect(biometricSwitch(page)).toBeChecked()

  // The server stored it, labelled with this browser (the suite runs as Playwright's 'Desktop
  // Chrome', whose User-Agent says Windows); the authenticator holds a discoverable credential.
  const stored = await serverPasskeys(page)
  expect(stored).toEqual([
    expect.objectContaining({ label: 'Chrome on Windows', lastUsedAt: null }),
  ])
  const held = await authenticator.credentials()
  expect(held).toHaveLength(1)
  expect(held[0]?.isResidentCredential).toBe(true)

  await page.goto('/logout')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('You have been logged out of Gatehouse.')).toBeVisible()
  expect((await page.request.get('/v1/self')).status()).toBe(401)

  // No username, no password: the passkey names its account.
  await passkeyButton(page).click()
  await expectSignedIn(page)
  expect((await page.request.get('/v1/self')).status()).toBe(200)
  const used = await serverPasskeys(page)
  expect(used[0]?.lastUsedAt).not.toBeNull()

  // Turning it off removes the passkeys; the login stops offering one.
  await page.goto('/profile')
  await expect(biometricSwitch(page)).toBeChecked()
  await biometricSwitch(page).click()
  await expect(biometricSwitch(page)).not.toBeChecked()
  expect(await serverPasskeys(page)).toEqual([])
  await page.goto('/logout')
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await expect(passkeyButton(page)).toHaveCount(0)
})
