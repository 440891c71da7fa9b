import { expect, type Locator, type Page } from '@playwright/test'

/** Whether the element is the document's focus (false while it is not there yet). */
const isFocused = (target: Locator) =>
  target
    .evaluate((element) => element === document.activeElement, undefined, { timeout: 1_000 })
    .catch(() => false)

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails when it
 * cannot be reached within `max` presses. Returns how many presses it took.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 40 }: { back?: boolean; max?: number } = {},
): Promise<number> {
  await expect(target).toBeVisible()
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(
    `Not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses: ${target.toString()}`,
  )
}

/** Whether the focus is inside `container` (a dialog that traps it). */
export const focusInside = (container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement))

// What draws a focus ring: an outline or a box shadow, on the element, its ::before or ::after
// (Radix tabs), or an ancestor that shows it for the field inside (Radix text fields).
const RING_DEPTH = 3

/** The focus ring styles of the focused element, then of the same element blurred. */
async function ringStyles(page: Page, target: Locator) {
  const look = () =>
    target.evaluate((element, depth) => {
      const parts: string[] = []
      let node: Element | null = element
      for (let level = 0; node && level < depth; level++, node = node.parentElement)
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(node, pseudo)
          const outline =
            style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
              ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
              : 'none'
          parts.push(`${outline} | ${style.boxShadow}`)
        }
      return parts
    }, RING_DEPTH)
  const settled = () =>
    page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    )
  await settled()
  const focused = await look()
  const focusVisible = await target.evaluate((element) => element.matches(':focus-visible'))
  await target.evaluate((element) => (element as HTMLElement).blur())
  await settled()
  const blurred = await look()
  // Back where it was, so that the keyboard carries on from there.
  await target.evaluate((element) => (element as HTMLElement).focus())
  return { focused, blurred, focusVisible }
}

/**
 * The focused element (reached by keyboard) shows a visible focus indicator: `:focus-visible`
 * matches, and an outline or box shadow appears that is not there once it loses the focus.
 */
export async function expectFocusRing(page: Page, target: Locator) {
  await expect(target).toBeFocused()
  const { focused, blurred, focusVisible } = await ringStyles(page, target)
  expect(focusVisible, `${target.toString()} matches :focus-visible`).toBe(true)
  const appeared = focused.filter(
    (style, index) => style !== blurred[index] && style !== 'none | none',
  )
  expect(appeared, `${target.toString()}: a focus ring appears\n${focused.join('\n')}`).not.toEqual(
    [],
  )
}
