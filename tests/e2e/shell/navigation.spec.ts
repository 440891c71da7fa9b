import type { Page } from '@playwright/test'
import { expect, testWithServer } from '../support/fixtures'
import { expectSignedIn, signIn } from '../login/login'
import { serviceRows } from '../services/services'
import { mainNav } from './shell'

/** SPEC.md §2 navigation shell: the back arrow, scroll memory, the collapsing bottom bar. */
const test = testWithServer({}, { users: 20, sessions: 50, services: 8 })

const backArrow = (page: Page) => page.getByRole('link', { name: 'Back' })
/** The router numbers history entries: one step back lowers it, a navigation up raises it. */
const entryIndex = (page: Page) =>
  page.evaluate(() => (window.history.state as { __TSR_index: number }).__TSR_index)
const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

async function openFirstService(page: Page): Promise<string> {
  await page.goto('/services')
  await expect(serviceRows(page).first()).toBeVisible()
  await serviceRows(page).first().getByRole('link').click()
  await expect(page).toHaveURL(/\/services\/[\w-]+$/)
  await expect(page.getByText('Access Token Timeout')).toBeVisible()
  return new URL(page.url()).pathname
}

test.describe('back arrow', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page)
    await expectSignedIn(page)
  })

  test('after an in-app navigation it goes one step back in history', async ({ page }) => {
    await openFirstService(page)
    const index = await entryIndex(page)
    await backArrow(page).click()
    await expect(page).toHaveURL(/\/services$/)
    expect(await entryIndex(page)).toBe(index - 1)
  })

  test('on a page opened directly it goes up a level', async ({ page }) => {
    const detail = await openFirstService(page)
    // A fresh entry: going to the same address again would keep the entry (and its state).
    await page.goto('/home')
    await page.goto(detail)
    await expect(page.getByText('Access Token Timeout')).toBeVisible()
    const index = await entryIndex(page)
    await backArrow(page).click()
    await expect(page).toHaveURL(/\/services$/)
    expect(await entryIndex(page)).toBe(index + 1)
  })

  test('on a phone it always goes up', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openFirstService(page)
    const index = await entryIndex(page)
    await backArrow(page).click()
    await expect(page).toHaveURL(/\/services$/)
    expect(await entryIndex(page)).toBe(index + 1)
  })

  test('top-level screens have none', async ({ page }) => {
    await page.goto('/services')
    await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible()
    await expect(backArrow(page)).toHaveCount(0)
  })
})

test.describe('scroll memory', () => {
  // A short window, so that the profile page scrolls.
  test.use({ viewport: { width: 1280, height: 360 } })

  test('puts the page back where it was after back and after a reload', async ({ page }) => {
    await signIn(page)
    await expectSignedIn(page)
    await page.goto('/profile')
    await expect(page.getByText('Drop Image File Here')).toBeVisible()
    const max = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    )
    expect(max, 'the profile page must scroll in this window').toBeGreaterThan(100)
    const target = Math.min(300, max)
    await page.mouse.move(640, 200)
    await page.mouse.wheel(0, target)
    await expect.poll(() => scrollY(page)).toBe(target)

    // The header scrolls away in this short window: a click would first make Playwright scroll it
    // into view, and that scroll (the person's, as far as the page can tell) would be kept for this
    // page when its event came before the navigation. So the link gets the click event alone.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .dispatchEvent('click')
    await expect(page).toHaveURL(/\/home$/)
    await expect.poll(() => scrollY(page)).toBe(0)

    await page.goBack()
    await expect(page).toHaveURL(/\/profile$/)
    await expect.poll(() => scrollY(page)).toBe(target)

    await page.reload()
    await expect(page.getByText('Drop Image File Here')).toBeVisible()
    await expect.poll(() => scrollY(page)).toBe(target)
  })
})

test.describe('bottom bar', () => {
  test.use({ viewport: { width: 390, height: 500 } })

  test('collapses while scrolling down and comes back scrolling up', async ({ page }) => {
    await signIn(page)
    await expectSignedIn(page)
    await page.goto('/profile')
    await expect(page.getByText('Drop Image File Here')).toBeVisible()
    const bar = mainNav(page)
    await expect(bar).toBeInViewport()
    await page.mouse.move(195, 200)
    await page.mouse.wheel(0, 300)
    await expect(bar).toHaveAttribute('data-collapsed', 'true')
    await expect(bar).not.toBeInViewport()
    await page.mouse.wheel(0, -100)
    await expect(bar).not.toHaveAttribute('data-collapsed')
    await expect(bar).toBeInViewport()
  })

  test('moves without animation when reduced motion is asked for', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signIn(page)
    await expectSignedIn(page)
    await expect(mainNav(page)).toHaveCSS('transition-property', 'none')
  })
})
