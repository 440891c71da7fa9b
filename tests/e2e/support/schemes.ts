import type { Page } from '@playwright/test'

export const SCHEMES = ['light', 'dark'] as const
export type Scheme = (typeof SCHEMES)[number]

const current = new WeakMap<Page, Scheme>()

/** Switches the system colour scheme and waits until the console's theme has followed it. */
export async function useScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme })
  current.set(page, scheme)
  // The console follows the preference live (AppTheme); the Radix root says which it shows.
  await page.waitForFunction(
    (wanted) =>
      Array.from(document.querySelectorAll('.radix-themes[data-is-root-theme="true"]')).every(
        (root) => root.classList.contains(wanted),
      ),
    scheme,
  )
}

/**
 * Looks at the screen as it is in both schemes, the one on show first, so that one page visit
 * serves the light and the dark check (docs/testing.md: one test per layout, not per scheme).
 */
export async function inEachScheme(page: Page, look: (scheme: Scheme) => Promise<void>) {
  const first = current.get(page) ?? 'light'
  for (const scheme of first === 'light' ? SCHEMES : [...SCHEMES].reverse()) {
    if (scheme !== current.get(page)) await useScheme(page, scheme)
    await look(scheme)
  }
}
