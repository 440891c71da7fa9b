import type { Page } from '@playwright/test'
import { axeViolations, type Found } from '../a11y/axe'
import { expect } from './fixtures'
import { inEachScheme } from './schemes'

/** The two layouts a screen's own looks test visits: a desktop and a 390 px phone. */
export const DESKTOP_AND_PHONE = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const

/**
 * Looks at the screen on show: nothing spills sideways, then axe (unless `found` is null) and a
 * full-page photograph (`test-results/screens/<screen>-<layout>-<scheme>.png`), light and dark from
 * the same visit.
 */
export async function lookAt(page: Page, screen: string, layout: string, found: Found[] | null) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow, `${screen} spills sideways`).toBeLessThanOrEqual(0)
  await inEachScheme(page, async (scheme) => {
    if (found) found.push(...(await axeViolations(page, `${screen}, ${scheme}`)))
    await page.screenshot({
      animations: 'disabled',
      fullPage: true,
      path: `test-results/screens/${screen}-${layout}-${scheme}.png`,
    })
  })
}
