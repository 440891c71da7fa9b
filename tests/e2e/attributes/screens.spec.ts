import { expect, type Page } from '@playwright/test'
import { expectSignedIn, signIn } from '../login/login'
import { test } from '../support/fixtures'
import { buildShirt } from './demo.support'
import { attributeTree, expand, itemAction } from './tree.support'

/**
 * Screenshots of the Attribute Editor's screens, light and dark, desktop and phone, into
 * test-results/screens/ for people to look at. Each also checks that nothing spills sideways.
 */
const layouts = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

async function shot(page: Page, screen: string, layout: string, scheme: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow, `${screen} spills sideways`).toBeLessThanOrEqual(0)
  await page.screenshot({
    animations: 'disabled',
    fullPage: true,
    path: `test-results/screens/${screen}-${layout}-${scheme}.png`,
  })
}

for (const scheme of ['light', 'dark'] as const) {
  for (const layout of layouts) {
    test.describe(`${layout.name} ${scheme}`, () => {
      test.use({ colorScheme: scheme, viewport: layout.viewport })

      test('attribute screens', async ({ page }) => {
        await signIn(page)
        await expectSignedIn(page)
        const rootName = `Shirt ${layout.name} ${scheme}`
        const shirt = await buildShirt(page.request, rootName)

        await page.goto('/attributes')
        await expect(attributeTree(page)).toBeVisible()
        await expand(page, rootName)
        await expand(page, 'Print')
        await shot(page, 'attributes-tree', layout.name, scheme)
        for (const [item, action, name, file] of [
          ['Size', 'Edit', 'AttributeKey', 'attributes-key-dialog'],
          ['Size', 'Conditional', 'Conditional Attribute', 'attributes-conditional-dialog'],
          ['Gift', 'Demo', 'AttributeKey Demo', 'attributes-demo-dialog'],
          ['Print', 'Edit', 'AttributeKey Branch', 'attributes-branch-dialog'],
          // Keys of every shirt built so far: equal names told apart by where they are linked.
          ['Print', 'Add Existing', 'Add Existing', 'attributes-add-existing-dialog'],
        ] as const) {
          await itemAction(page, item, action)
          await expect(page.getByRole('dialog', { name })).toBeVisible()
          await shot(page, file, layout.name, scheme)
          await page.keyboard.press('Escape')
          await expect(page.getByRole('dialog', { name })).toBeHidden()
        }

        await page.goto(
          `/attributes/demo?root=${shirt.root.link.id}&ref=shots-${layout.name}-${scheme}`,
        )
        const questions = page.getByRole('region', { name: 'Questions' })
        await questions
          .getByRole('radiogroup', { name: 'Which size?' })
          .getByRole('radio', { name: 'L' })
          .check()
        await questions.getByRole('textbox', { name: 'What should it say?' }).fill('Happy birthday')
        await expect(
          page.getByRole('status').filter({ hasText: 'Every answer is saved.' }),
        ).toBeVisible()
        await shot(page, 'attributes-tree-demo', layout.name, scheme)
      })
    })
  }
}
