import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { mainNav } from '../shell/shell'
import { saveRecord, synced } from './api'

/** The Attribute Editor's tree, as a person (and a screen reader) finds it. */
export const attributeTree = (page: Page) => page.getByRole('tree', { name: 'Attributes' })
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/**
 * An item's accessible name is its row's own text: the name, then its badges ('Size Conditional
 * String'). `itemName('Size')` matches it whatever the badges are.
 */
export const itemName = (name: string) =>
  new RegExp(`^${escaped(name)}( Conditional)?( (Trunk|Branch|Boolean|Decimal|Integer|String))?$`)
export const treeItem = (page: Page, name: string) =>
  attributeTree(page).getByRole('treeitem', { name: itemName(name) })
/** The names of the items shown directly under `parent` (a treeitem, which owns its group), in order. */
export const childNames = (parent: Locator) =>
  parent.evaluate((item) =>
    Array.from(document.getElementById(item.getAttribute('aria-owns') ?? '')?.children ?? []).map(
      (child) => child.querySelector('[role="treeitem"] [id$="-name"]')?.textContent ?? '',
    ),
  )

/** Opens /attributes from the main navigation once signed in. */
export async function openAttributes(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Attributes' }).click()
  await expect(page).toHaveURL(/\/attributes$/)
  await expect(page.getByRole('heading', { name: 'Attribute Editor', level: 1 })).toBeVisible()
}

/** Opens an item's '…' menu and picks `action`. */
export async function itemAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

/** Opens an item's children when they are closed. */
export async function expand(page: Page, name: string) {
  const item = treeItem(page, name)
  if ((await item.getAttribute('aria-expanded')) === 'false') {
    await item.locator(':scope > div').first().click()
    await item.focus()
    await page.keyboard.press('ArrowRight')
  }
  await expect(item).toHaveAttribute('aria-expanded', 'true')
}

/** Names a trunk or branch in its dialog and saves it. */
export async function nameAndSave(page: Page, title: string, name: string) {
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
}

type Row = { id: string; name: string }
export type StoredLink = {
  id: string
  attributeKeyId: string
  parentAssociationId: string | null
  sortOrder: number
  deleted: boolean
}

/** The live children of `parentId` on the server, by stored sortOrder, with their key names. */
export async function storedChildren(request: APIRequestContext, parentId: string | null) {
  const [links, keys] = await Promise.all([
    synced<StoredLink>(request, 'attributeKeyAssociations'),
    synced<Row>(request, 'attributeKeys'),
  ])
  const name = new Map(keys.map((key) => [key.id, key.name]))
  return links
    .filter((link) => !link.deleted && link.parentAssociationId === parentId)
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((link) => ({
      id: link.id,
      name: name.get(link.attributeKeyId) ?? '',
      sortOrder: link.sortOrder,
    }))
}

/** The live top-level link of the trunk named `name`. */
export async function storedRoot(request: APIRequestContext, name: string) {
  const roots = await storedChildren(request, null)
  const root = roots.find((row) => row.name === name)
  expect(root, `no trunk named ${name}`).toBeDefined()
  return root as { id: string; name: string; sortOrder: number }
}

/** A STRING leaf key linked under `parentId` at `sortOrder`, made through the API. */
export async function apiLeaf(
  request: APIRequestContext,
  parentId: string,
  name: string,
  sortOrder: number,
) {
  const key = await saveRecord(request, 'AttributeKey', {
    name,
    type: 'STRING',
    controlType: 'INPUT',
    config: '{}',
  })
  return saveRecord(request, 'AttributeKeyAssociation', {
    attributeKeyId: key.id,
    parentAssociationId: parentId,
    sortOrder,
  })
}
