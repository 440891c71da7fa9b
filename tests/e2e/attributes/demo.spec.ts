import { expect, type Page } from '@playwright/test'
import { expectSignedIn, signIn } from '../login/login'
import { test } from '../support/fixtures'
import { buildShirt, storedValues } from './demo.support'
import { itemName } from './tree.support'

const questions = (page: Page) => page.getByRole('region', { name: 'Questions' })
const saved = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: 'Every answer is saved.' })).toBeVisible()

/** Opens a root's whole-tree demo from its actions in the Attribute Editor. */
async function openDemo(page: Page, rootName: string) {
  await page.goto('/attributes')
  await expect(page.getByRole('treeitem', { name: itemName(rootName) })).toBeVisible()
  await page.getByRole('button', { name: `Actions for ${rootName}`, exact: true }).click()
  await page.getByRole('menuitem', { name: 'Demo Tree' }).click()
  await expect(page.getByRole('heading', { name: `Demo: ${rootName}`, level: 1 })).toBeVisible()
}

test('the whole-tree demo includes and excludes a branch by its condition and stores the answers', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  const shirt = await buildShirt(page.request, 'Demo Shirt')

  await openDemo(page, 'Demo Shirt')
  const refId = new URL(page.url()).searchParams.get('ref') ?? ''
  expect(refId).toMatch(/^respondent-/)
  const region = questions(page)
  const size = region.getByRole('radiogroup', { name: 'Which size?' })
  await expect(size).toBeVisible()
  await expect(region.getByRole('checkbox', { name: 'Wrap it as a gift?' })).toBeVisible()
  // The Print branch waits for its condition: a size of L.
  await expect(region.getByRole('heading', { name: 'Print' })).toHaveCount(0)

  await size.getByRole('radio', { name: 'L' }).check()
  await expect(region.getByRole('heading', { name: 'Print' })).toBeVisible()
  await region.getByRole('textbox', { name: 'What should it say?' }).fill('Happy birthday')
  await region.getByRole('checkbox', { name: 'Wrap it as a gift?' }).check()
  await saved(page)

  const values = await storedValues(page.request, refId)
  const byLink = Object.fromEntries(
    values.map((value) => [value.attributeKeyAssociationId, value.value]),
  )
  expect(byLink).toEqual({
    [shirt.size.link.id]: 'l',
    [shirt.text.link.id]: 'Happy birthday',
    [shirt.gift.link.id]: 'true',
  })

  // Another size excludes the branch again; the stored size follows.
  await size.getByRole('radio', { name: 'S' }).check()
  await expect(region.getByRole('heading', { name: 'Print' })).toHaveCount(0)
  await saved(page)
  await expect
    .poll(
      async () =>
        (await storedValues(page.request, refId)).find(
          (v) => v.attributeKeyAssociationId === shirt.size.link.id,
        )?.value,
    )
    .toBe('s')

  // The same respondent later finds the answers given.
  await page.reload()
  await expect(questions(page).getByRole('radio', { name: 'S' })).toBeChecked()
  await expect(questions(page).getByRole('checkbox', { name: 'Wrap it as a gift?' })).toBeChecked()

  // A new respondent starts empty.
  await page.getByRole('button', { name: 'New Respondent' }).click()
  await expect(questions(page).getByRole('radio', { name: 'S' })).not.toBeChecked()
  expect(new URL(page.url()).searchParams.get('ref')).not.toBe(refId)
})
