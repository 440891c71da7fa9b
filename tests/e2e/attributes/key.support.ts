import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { mainNav } from '../shell/shell'
import { saveRecord, synced } from './api'
import { itemName } from './tree.support'

type Row = { id: string; name: string; deleted: boolean }
export type StoredKey = Row & {
  type: string
  controlType: string | null
  config: string
  prompt: string | null
  imagePath: string | null
}
export type StoredOption = Row & {
  attributeKeyId: string
  label: string
  value: string
  sortOrder: number
  imagePath: string | null
}
export type StoredCondition = Row & {
  attributeKeyId: string
  value: string
  conditionalAssociationId: string
}

/** A trunk with one branch, made through the API; names are unique per test. */
export async function trunkAndBranch(request: APIRequestContext, tag: string) {
  const trunkKey = await saveRecord(request, 'AttributeKey', {
    name: `Trunk ${tag}`,
    type: 'ROOT',
    config: '{}',
  })
  const trunk = await saveRecord(request, 'AttributeKeyAssociation', {
    attributeKeyId: trunkKey.id,
    parentAssociationId: null,
    sortOrder: 0,
  })
  const branchKey = await saveRecord(request, 'AttributeKey', {
    name: `Branch ${tag}`,
    type: 'BRANCH',
    config: '{}',
  })
  const branch = await saveRecord(request, 'AttributeKeyAssociation', {
    attributeKeyId: branchKey.id,
    parentAssociationId: trunk.id,
    sortOrder: 0,
  })
  return { trunk: `Trunk ${tag}`, branch: `Branch ${tag}`, trunkId: trunk.id, branchId: branch.id }
}

/** The stored key named `name`, once the server has it. */
export async function storedKey(request: APIRequestContext, name: string): Promise<StoredKey> {
  let found: StoredKey | undefined
  await expect
    .poll(async () => {
      found = (await synced<StoredKey>(request, 'attributeKeys')).find((k) => k.name === name)
      return !!found
    })
    .toBe(true)
  return found as StoredKey
}

/** A key's live options on the server, by sortOrder. */
export async function storedOptions(request: APIRequestContext, keyId: string) {
  return (await synced<StoredOption>(request, 'attributeKeyOptions'))
    .filter((o) => o.attributeKeyId === keyId && !o.deleted)
    .sort((a, b) => a.sortOrder - b.sortOrder)
}

/** Opens /attributes from the main navigation once signed in. */
export async function openAttributes(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Attributes' }).click()
  await expect(page).toHaveURL(/\/attributes$/)
}

export const treeItem = (page: Page, name: string) =>
  page.getByRole('tree', { name: 'Attributes' }).getByRole('treeitem', { name: itemName(name) })

/** Opens an item's '…' menu and picks `action`. */
export async function itemAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

/** Opens a closed item, so its children show. */
export async function expand(page: Page, name: string) {
  const item = treeItem(page, name)
  await expect(item).toBeVisible()
  if ((await item.getAttribute('aria-expanded')) === 'false') {
    await item.focus()
    await page.keyboard.press('ArrowRight')
  }
  await expect(item).toHaveAttribute('aria-expanded', 'true')
}

export const keyDialog = (page: Page) => page.getByRole('dialog', { name: 'AttributeKey' })
export const demoRegion = (dialog: Locator) =>
  dialog.getByRole('region', { name: 'Attribute Key Demo' })

/** Picks `option` in the Radix select labelled `label`. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** A real PNG of one colour, encoded by sharp. */
export function png(r: number, g: number, b: number, width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()
}

export const file = async (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: await png(...rgb),
})
