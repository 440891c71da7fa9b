import { expectSignedIn, signIn } from '../login/login'
import { mainNav } from '../shell/shell'
import { expect, test } from '../support/fixtures'
import { buildShirt } from './demo.support'
import { synced } from './api'
import { attributeTree, expand, openAttributes, treeItem } from './tree.support'

/** Defects found in review (issue 12): the trunk dialog's Save, and the tree's open items. */

test('the trunk dialog saves only once a name is typed, and the server keeps the name', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openAttributes(page)
  await page.getByRole('button', { name: /^Add/ }).click()
  await page.getByRole('menuitem', { name: 'New Trunk' }).click()
  const dialog = page.getByRole('dialog', { name: 'AttributeKey Trunk' })
  const save = dialog.getByRole('button', { name: 'Save' })
  await expect(dialog.getByLabel('Name')).toBeEditable()
  // SPEC.md §5: Save is off while the form is pristine; spaces are no name either.
  await expect(save).toBeDisabled()
  await dialog.getByLabel('Name').fill('   ')
  await dialog.getByLabel('Name').press('Enter')
  await expect(save).toBeDisabled()
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Name').fill('Review Trunk')
  await expect(save).toBeEnabled()
  await save.click()
  await expect(dialog).toBeHidden()
  await expect(treeItem(page, 'Review Trunk')).toHaveAttribute('aria-selected', 'true')
  const keys = await synced<{ name: string; type: string; deleted: boolean }>(
    page.request,
    'attributeKeys',
  )
  const trunks = keys.filter((key) => key.type === 'ROOT' && !key.deleted)
  expect(trunks.map((key) => key.name)).toContain('Review Trunk')
  expect(trunks.filter((key) => key.name.trim() === '')).toEqual([])
})

test('the tree keeps its open items when the person leaves /attributes and comes back', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await buildShirt(page.request, 'Open Shirt')
  await openAttributes(page)
  await expand(page, 'Open Shirt')
  await expand(page, 'Print')

  await mainNav(page).getByRole('link', { name: 'Services' }).click()
  await expect(page).toHaveURL(/\/services$/)
  await openAttributes(page)
  await expect(attributeTree(page)).toBeVisible()
  await expect(treeItem(page, 'Open Shirt')).toHaveAttribute('aria-expanded', 'true')
  await expect(treeItem(page, 'Print')).toHaveAttribute('aria-expanded', 'true')

  // For the browser session: a reload keeps them too.
  await page.reload()
  await expect(treeItem(page, 'Print')).toHaveAttribute('aria-expanded', 'true')
})
