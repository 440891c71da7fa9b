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
      // Anyone may make API tokens for their own scripts (issue 31).
      'API tokens',
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
    const cards = page.getByRole('region', { name: 'What would you like to do?' })
    for (const area of [...TABS.slice(1), ...INTERNAL_TABS])
      await expect(cards.getByRole('link', { name: new RegExp(area) })).toBeVisible()
    await expect(cards.getByRole('link', { name: /Flows/ })).toHaveCount(0)
    // What the administrator may read: the audit log's latest events, the setup checklist.
    const activity = page.getByRole('region', { name: 'Latest activity' })
    await expect(activity.getByRole('listitem').first()).toBeVisible()
    await expect(activity.getByRole('link', { name: 'All activity in Logs' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Needs attention' })).toBeVisible()
    await page.screenshot({ path: 'test-results/screens/shell-home.png', fullPage: true })
  })
})

test.describe('the shell on narrower desktops', () => {
  test.use({ viewport: { width: 1280, height: 768 } })

  test('keeps the tab labels while they fit, then shows icons with tooltips', async ({ page }) => {
    await signIn(page)
    await expectSignedIn(page)
    const nav = mainNav(page)
    // Radix renders a hidden copy of each tab's content (for its measurements): the first is shown.
    const label = nav.getByText('Dashboard', { exact: true }).first()
    // Eleven labelled tabs (Roles and Groups since issue 31, Webhooks since issue 33), the brand
    // and the user menu fit at 1280 px; at 1100 px they no longer do.
    await expect(label).toBeVisible()
    await page.screenshot({ path: 'test-results/screens/shell-1280.png' })
    await page.setViewportSize({ width: 1100, height: 768 })
    await expect(label).toBeHidden()
    await page.screenshot({ path: 'test-results/screens/shell-1100.png' })

    await page.setViewportSize({ width: 960, height: 768 })
    await expect(label).toBeHidden()
    for (const name of [...TABS, ...INTERNAL_TABS])
      await expect(nav.getByRole('link', { name })).toBeVisible()
    // Icons alone carry their name as the browser's tooltip (title): Radix's Tooltip would bring
    // its popper layer into /login's first load (docs/console-first-load.md).
    await expect(nav.getByRole('link', { name: 'Logs' })).toHaveAttribute('title', 'Logs')
    await page.screenshot({ path: 'test-results/screens/shell-960.png' })
    const menu = await userMenuButton(page).boundingBox()
    expect(menu && menu.x + menu.width).toBeLessThanOrEqual(960)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(960)

    // Wider again, the labels come back.
    await page.setViewportSize({ width: 1280, height: 768 })
    await expect(label).toBeVisible()
  })
})

test.describe('page titles and unknown addresses', () => {
  test('titles each tab after its page, and says when an address led nowhere', async ({ page }) => {
    await page.goto('/login')
    await expect(page).toHaveTitle('Admin Login · Gatehouse')
    await signIn(page)
    await expectSignedIn(page)
    await expect(page).toHaveTitle('Home · Gatehouse')
    await mainNav(page).getByRole('link', { name: 'Users' }).click()
    await expect(page).toHaveTitle('Users · Gatehouse')

    // SPEC.md §2: any other path redirects to /home; Home says which address led nowhere.
    await page.goto('/no/such/page')
    await expect(page).toHaveURL(/\/home$/)
    await expect(
      page.getByText('Page not found: there is no page at /no/such/page, so here is Home.'),
    ).toBeVisible()
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
    // Four tabs and More: the rest are named in its menu.
    await expect(bar.getByRole('link')).toHaveCount(4)
    await bar.getByRole('button', { name: 'More' }).click()
    const more = page.getByRole('menu')
    await expect(more.getByRole('menuitem')).toHaveText([
      'Logs',
      'Attributes',
      'Roles',
      'Groups',
      'Queue',
      'Webhooks',
    ])
    await page.screenshot({ path: 'test-results/screens/shell-phone-more.png' })
    await more.getByRole('menuitem', { name: 'Queue' }).click()
    await expect(page).toHaveURL(/\/queue$/)
    await expect(mainNav(page).getByRole('button', { name: 'More' })).toHaveAttribute(
      'data-current',
      'true',
    )

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
