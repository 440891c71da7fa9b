import { readFileSync } from 'node:fs'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { AttributeTree, ExportedNode } from '../../../schema/attribute-api'
import { expectSignedIn, signIn } from '../login/login'
import { testWithServer } from '../support/fixtures'
import {
  apiLeaf,
  attributeTree,
  childNames,
  itemName,
  itemAction,
  nameAndSave,
  openAttributes,
  storedChildren,
  treeItem,
} from './tree.support'
import { synced } from './api'

// A server of its own: Home/End and the root order below assume no other spec's trunks.
const test = testWithServer()

const TRUNK = 'Kitchen E2E'

/** The stored order under the trunk: names by sortOrder, and every sortOrder its index. */
async function expectStoredOrder(request: APIRequestContext, parentId: string, names: string[]) {
  await expect
    .poll(async () => (await storedChildren(request, parentId)).map((row) => row.name))
    .toEqual(names)
  const rows = await storedChildren(request, parentId)
  expect(rows.map((row) => row.sortOrder)).toEqual(names.map((_, index) => index))
}

async function expectShownOrder(page: Page, names: string[]) {
  await expect.poll(() => childNames(treeItem(page, TRUNK))).toEqual(names)
}

/** An export as names only: what a person would call its shape. */
function shape(tree: AttributeTree) {
  const name = new Map(tree.keys.map((key) => [key.ref, `${key.name}:${key.type}`]))
  const walk = (node: ExportedNode): unknown => ({
    key: name.get(node.keyRef),
    children: node.children.map(walk),
  })
  return walk(tree.root)
}

test('a trunk, a branch and leaves are built, reordered by drag, keyboard and menu, unlinked, exported and imported again', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openAttributes(page)

  // A trunk through the header's add menu.
  await page.getByRole('button', { name: /^Add/ }).click()
  await page.getByRole('menuitem', { name: 'New Trunk' }).click()
  await nameAndSave(page, 'AttributeKey Trunk', TRUNK)
  await expect(treeItem(page, TRUNK)).toHaveAttribute('aria-selected', 'true')
  const trunk = (await storedChildren(page.request, null)).find((row) => row.name === TRUNK)
  expect(trunk).toBeDefined()
  const trunkId = trunk?.id as string

  // A branch through the trunk's menu: it opens the trunk and comes first.
  await itemAction(page, TRUNK, 'New Branch')
  await nameAndSave(page, 'AttributeKey Branch', 'Doors')
  await expect(treeItem(page, 'Doors')).toHaveAttribute('aria-selected', 'true')
  await expect(treeItem(page, TRUNK)).toHaveAttribute('aria-expanded', 'true')
  await expect(treeItem(page, 'Doors')).toHaveAttribute('aria-level', '2')

  // A leaf through the AttributeKey dialog, under the branch.
  await itemAction(page, 'Doors', 'New Leaf')
  const leafDialog = page.getByRole('dialog', { name: 'AttributeKey' })
  await leafDialog.getByLabel('Name', { exact: true }).fill('Panel')
  await leafDialog.getByRole('button', { name: 'Save' }).click()
  await expect(leafDialog).toBeHidden()
  await expect(treeItem(page, 'Panel')).toHaveAttribute('aria-level', '3')
  await expect(treeItem(page, 'Panel')).toHaveAttribute('aria-selected', 'true')

  // More leaves through the API (the leaf dialog is another part's); the sync brings them.
  await apiLeaf(page.request, trunkId, 'Width', 1)
  await apiLeaf(page.request, trunkId, 'Colour', 2)
  await apiLeaf(page.request, trunkId, 'Depth', 3)
  await expectShownOrder(page, ['Doors', 'Width', 'Colour', 'Depth'])

  // Keyboard drag: the handle picks up with Space, moves with the arrows, drops with Space. A late
  // change notice of the leaves above can re-render the list mid-drag and cancel it; then again.
  const moved = ['Doors', 'Colour', 'Width', 'Depth']
  await expect(async () => {
    if (JSON.stringify(await childNames(treeItem(page, TRUNK))) !== JSON.stringify(moved)) {
      await page.getByRole('button', { name: 'Reorder Colour' }).focus()
      await page.keyboard.press('Space')
      await page.keyboard.press('ArrowUp')
      await page.keyboard.press('Space')
    }
    await expect.poll(() => childNames(treeItem(page, TRUNK)), { timeout: 3_000 }).toEqual(moved)
  }).toPass({ timeout: 15_000 })
  await expectStoredOrder(page.request, trunkId, ['Doors', 'Colour', 'Width', 'Depth'])

  // Pointer drag: Depth onto Doors.
  const handle = page.getByRole('button', { name: 'Reorder Depth' })
  const from = await handle.boundingBox()
  const to = await treeItem(page, 'Doors').boundingBox()
  if (!from || !to) throw new Error('The rows are not laid out.')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(from.x + from.width / 2, from.y + ((to.y + 4 - from.y) * step) / 10)
  await page.mouse.up()
  await expectShownOrder(page, ['Depth', 'Doors', 'Colour', 'Width'])
  await expectStoredOrder(page.request, trunkId, ['Depth', 'Doors', 'Colour', 'Width'])

  // The menu's Move up, and the tree after a reload shows what was stored.
  await itemAction(page, 'Width', 'Move up')
  await expectStoredOrder(page.request, trunkId, ['Depth', 'Doors', 'Width', 'Colour'])
  await page.reload()
  await expect(attributeTree(page)).toBeVisible()
  // Still open: the open items are kept for the browser session.
  await expect(treeItem(page, TRUNK)).toHaveAttribute('aria-expanded', 'true')
  await treeItem(page, TRUNK).focus()
  await expectShownOrder(page, ['Depth', 'Doors', 'Width', 'Colour'])

  // Arrow keys walk the tree: down into the children, left back to the parent.
  await page.keyboard.press('ArrowDown')
  await expect(treeItem(page, 'Depth')).toBeFocused()
  await page.keyboard.press('End')
  await expect(treeItem(page, 'Colour')).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(treeItem(page, TRUNK)).toBeFocused()

  // Remove Link asks first, then the item goes, here and on the server.
  await itemAction(page, 'Colour', 'Remove Link')
  const confirm = page.getByRole('alertdialog', { name: 'Remove Colour?' })
  await confirm.getByRole('button', { name: 'Remove Link' }).click()
  await expect(confirm).toBeHidden()
  await expectShownOrder(page, ['Depth', 'Doors', 'Width'])
  await expectStoredOrder(page.request, trunkId, ['Depth', 'Doors', 'Width'])

  // Export downloads <name>.attributes.json.
  const downloading = page.waitForEvent('download')
  await itemAction(page, TRUNK, 'Export')
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`${TRUNK}.attributes.json`)
  const file = await download.path()
  const exported = JSON.parse(readFileSync(file, 'utf8')) as AttributeTree
  expect(exported.format).toBe('gatehouse.attribute-tree')
  expect(shape(exported)).toEqual({
    key: `${TRUNK}:ROOT`,
    children: [
      { key: 'Depth:STRING', children: [] },
      { key: 'Doors:BRANCH', children: [{ key: expect.stringMatching(/^Panel:/), children: [] }] },
      { key: 'Width:STRING', children: [] },
    ],
  })

  // Import makes a second trunk of the same shape with new ids, selected.
  const choosing = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: /^Add/ }).click()
  await page.getByRole('menuitem', { name: 'Import' }).click()
  await (await choosing).setFiles(file)
  await expect(page.getByText('The tree was imported')).toBeVisible()
  await expect(attributeTree(page).getByRole('treeitem', { name: itemName(TRUNK) })).toHaveCount(2)
  await expect(
    attributeTree(page).getByRole('treeitem', { name: itemName(TRUNK), selected: true }),
  ).toHaveCount(1)
  const trunks = (await storedChildren(page.request, null)).filter((row) => row.name === TRUNK)
  expect(trunks).toHaveLength(2)
  const copy = trunks.find((row) => row.id !== trunkId)
  const again = await page.request.get(`/v1/attributeTree/${copy?.id}`)
  expect(again.status(), await again.text()).toBe(200)
  const reimported = ((await again.json()) as { results: { tree: AttributeTree } }).results.tree
  expect(shape(reimported)).toEqual(shape(exported))
  const links = await synced<{
    id: string
    attributeKeyId: string
    parentAssociationId: string | null
    deleted: boolean
  }>(page.request, 'attributeKeyAssociations')
  const keysUnder = (parentId: string) =>
    links
      .filter((link) => !link.deleted && link.parentAssociationId === parentId)
      .map((link) => link.attributeKeyId)
  expect(keysUnder(copy?.id as string)).toHaveLength(3)
  for (const keyId of keysUnder(copy?.id as string)) expect(keysUnder(trunkId)).not.toContain(keyId)
})
