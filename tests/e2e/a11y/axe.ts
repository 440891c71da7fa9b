import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { initialsContrast } from './contrast'

export type Found = { screen: string; id: string; impact: string; help: string; nodes: string[] }

/** Waits until dialogs and callouts have faded in: axe must see the settled colours. */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
}

/**
 * The serious and critical violations axe finds on the page as it is, with label in name
 * (WCAG 2.5.3, experimental in axe and so left out unless asked) and the avatar initials'
 * contrast, which axe leaves incomplete (contrast.ts).
 */
export async function axeViolations(page: Page, screen: string): Promise<Found[]> {
  await settle(page)
  const found: Found[] = []
  // One pass: every default rule plus label in name, which axe runs only when asked.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue
    found.push({
      screen,
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map(
        (node) => `${node.target.join(' ')}\n        ${node.failureSummary ?? ''}`,
      ),
    })
  }
  for (const { text, ratio } of await initialsContrast(page))
    if (ratio < 4.5)
      found.push({
        screen,
        id: 'initials-contrast',
        impact: 'serious',
        help: 'Avatar initials must have a contrast of at least 4.5:1',
        nodes: [`initials ${text}: ${ratio}:1`],
      })
  return found
}

export function describeFound(found: Found): string {
  return `[${found.screen}] ${found.impact} ${found.id}: ${found.help}\n      ${found.nodes.join('\n      ')}`
}
