import { expect, testWithServer } from '../support/fixtures'
import { signIn } from '../login/login'
import { axeViolations, describeFound, type Found } from './axe'
import { inEachScheme } from '../support/schemes'

/**
 * A fresh install as its first administrator meets it (issue 30): every area's screen on an empty
 * database, light and dark, on a desktop, a small laptop and a phone. Each screen goes through axe
 * (serious and critical violations fail) and into test-results/screens/fresh-*.png for people to
 * look at; nothing may spill sideways.
 */
const test = testWithServer()

const LAYOUTS = {
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  tablet: { viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const

const SCREENS = [
  '/home',
  '/sessions',
  '/services',
  '/users',
  '/attributes',
  '/logs',
  '/queue',
  '/dashboard',
  '/profile',
  '/password',
  '/no-such-page',
] as const

for (const [layout, device] of Object.entries(LAYOUTS)) {
  test.describe(`fresh install, ${layout}`, () => {
    test.use(device)

    test('every screen is finished and passes axe', async ({ page }) => {
      test.setTimeout(240_000)
      const found: Found[] = []
      // Light and dark from the same visit (support/schemes.ts).
      const look = async (screen: string) => {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        expect(overflow, `${screen} spills sideways`).toBeLessThanOrEqual(0)
        await inEachScheme(page, async (scheme) => {
          found.push(...(await axeViolations(page, `${screen}, ${scheme}`)))
          await page.screenshot({
            animations: 'disabled',
            path: `test-results/screens/fresh-${screen}-${layout}-${scheme}.png`,
          })
        })
      }
      await page.goto('/login')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await look('login')
      await signIn(page)
      await expect(page).toHaveURL(/\/home$/)
      for (const path of SCREENS) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
        // Lists fill from the local cache, the queue and the dashboard from the server.
        await expect(page.getByText(/^Loading/)).toHaveCount(0)
        await expect(page, `${path} has its own tab title`).toHaveTitle(/^.+ · Gatehouse$/)
        await look(path.slice(1))
      }
      expect(found.map(describeFound).join('\n\n') || 'none', `${layout}: axe violations`).toBe(
        'none',
      )
    })
  })
}
