import { test, expect } from '../support/fixtures'
import { expectSignedIn, signIn } from '../login/login'
import { INTERNAL_TABS, TABS, mainNav, userMenuButton } from './shell'

test.describe('the shell on a desktop', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page)
    await expectSignedIn(page)
  })

  test('offers every tab to internal staff and marks the active one', async ({ page }) => {
    const nav = mainNav(page)
    for (const name of [...TABS, ...INTERNAL_TABS])
      await expect(nav.getByRole('link', { name })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')

    await nav.getByRole('link', { name: 'Services' }).click()
    await expect(page).toHaveURL(/\/services$/)
    await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    // The active tab comes from the first path segment.
    await page.goto('/services/0190a1b2-0000-7000-8000-000000000000')
    await expect(mainNav(page).getByRole('link', { name: 'Services' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  test('the user menu leads to the profile, the password change and out', async ({ page }) => {
    await expect(userMenuButton(page)).toHaveText('GA')
    await userMenuButton(page).click()
    const menu = page.getByRole('menu')
    // Flows shows with flows.read, which the administrator holds (issue 14).
    await expect(menu.getByRole('menuitem')).toHaveText([
      'My Profile',
      'Change Password',
      'Flows',
      'Logout',
    ])
    await expect(menu.getByRole('separator')).toHaveCount(1)
    await menu.getByRole('menuitem', { name: 'My Profile' }).click()
    await expect(page).toHaveURL(/\/profile$/)

    await userMenuButton(page).click()
    await page.getByRole('menuitem', { name: 'Change Password' }).click()
    await expect(page).toHaveURL(/\/password$/)

    await userMenuButton(page).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page.getByText('You have been logged out of Gatehouse.')).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
    expect((await page.request.get('/v1/self')).status()).toBe(401)
  })

  test('home greets the person and tells them their previous sign-in', async ({ page }) => {
    await expect(page.getByText(/Last signed in|first sign-in/)).toBeVisible()
    for (const area of ['Sessions', 'Services', 'Attributes']) {
      await expect(
        page.getByRole('main').getByRole('link', { name: new RegExp(area) }),
      ).toBeVisible()
    }
  })
})

test.describe('the shell on a narrow desktop', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test('shows the tabs as icons so that the user menu still fits', async ({ page }) => {
    await signIn(page)
    await expectSignedIn(page)
    const nav = mainNav(page)
    for (const name of [...TABS, ...INTERNAL_TABS])
      await expect(nav.getByRole('link', { name })).toBeVisible()
    for (const label of await nav.getByText('Dashboard', { exact: true }).all())
      await expect(label).toBeHidden()
    await page.screenshot({ path: 'test-results/screens/shell-1024.png' })
    const menu = await userMenuButton(page).boundingBox()
    expect(menu && menu.x + menu.width).toBeLessThanOrEqual(1024)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1024,
    )
  })
})

test.describe('the shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('shows the bottom bar with icons only, and hides it deeper than one segment', async ({
    page,
  }) => {
    await signIn(page)
    await expectSignedIn(page)
    const bar = mainNav(page)
    const box = await bar.boundingBox()
    expect(box?.height).toBe(64)
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(844)
    await expect(bar.getByRole('link', { name: 'Sessions' })).toBeVisible()
    await expect(bar.getByText('Sessions')).toBeHidden()
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)

    await bar.getByRole('link', { name: 'Services' }).click()
    await expect(page).toHaveURL(/\/services$/)
    await page.goto('/services/0190a1b2-0000-7000-8000-000000000000')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(mainNav(page)).toBeHidden()

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

test.describe('the dark scheme', () => {
  test.use({ colorScheme: 'dark' })

  test('follows the system preference', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    const background = await page.evaluate(
      () =>
        getComputedStyle(document.querySelector('.radix-themes') ?? document.body).backgroundColor,
    )
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number)
    expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(150)
    await expect(page.locator('.radix-themes').first()).toHaveClass(/dark/)
  })
})
