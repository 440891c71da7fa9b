import { expect, testWithServer } from './support/fixtures'
import { expectSignedIn, signIn } from './login/login'

/**
 * Screenshots of every screen this build has, light and dark, desktop and phone, into
 * test-results/screens/ for people to look at. Each also checks that nothing spills sideways.
 */
// A small seeded database, so that lists have something to show.
const test = testWithServer({}, { users: 60, sessions: 400, services: 12 })

const layouts = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

for (const scheme of ['light', 'dark'] as const) {
  for (const layout of layouts) {
    test.describe(`${layout.name} ${scheme}`, () => {
      test.use({ colorScheme: scheme, viewport: layout.viewport })

      test('screens', async ({ page }) => {
        const shot = async (screen: string) => {
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          )
          expect(overflow, `${screen} spills sideways`).toBeLessThanOrEqual(0)
          await page.screenshot({
            path: `test-results/screens/${screen}-${layout.name}-${scheme}.png`,
          })
        }
        await page.goto('/login')
        await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
        await page.getByLabel('Username').fill('nobody')
        await page.getByLabel('Password', { exact: true }).focus()
        await expect(page.getByText('Must be email/phone')).toBeVisible()
        await shot('login-invalid')

        await signIn(page)
        await expectSignedIn(page)
        await shot('home')
        await page.getByRole('button', { name: /user menu/i }).click()
        await expect(page.getByRole('menu')).toBeVisible()
        await shot('user-menu')
        await page.keyboard.press('Escape')

        await page.goto('/sessions')
        await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()
        await expect(
          page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first(),
        ).toBeVisible()
        await shot('sessions')
        await page
          .getByRole('button', { name: /^Revoke session of / })
          .first()
          .click()
        await expect(page.getByRole('alertdialog')).toBeVisible()
        await shot('revoke-dialog')
        await page.getByRole('button', { name: 'Cancel' }).click()
        await page.goto('/logout')
        await expect(page.getByText('You have been logged out of Gatehouse.')).toBeVisible()
        await shot('logged-out')
      })
    })
  }
}
