import { expect, type Page } from '@playwright/test'
import { expectSignedIn, signIn } from '../login/login'
import { test } from '../support/fixtures'
import {
  choose,
  demoRegion,
  expand,
  file,
  itemAction,
  keyDialog,
  openAttributes,
  storedKey,
  storedOptions,
  treeItem,
  trunkAndBranch,
  type StoredCondition,
} from './key.support'
import { saveRecord, synced } from './api'

/** Screenshots for a person to look at (KEY_SHOTS=1): light and dark, desktop and phone. */
const SHOTS = process.env.KEY_SHOTS === '1'
async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.waitForTimeout(300)
      await page.screenshot({
        path: `/tmp/key-shots/${name}-${width}-${scheme}.png`,
        fullPage: false,
      })
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: 'light' })
}

/** Signs in, makes a trunk and branch through the API, and opens New Leaf on the branch. */
async function newLeaf(page: Page, tag: string) {
  await signIn(page)
  await expectSignedIn(page)
  const tree = await trunkAndBranch(page.request, tag)
  await openAttributes(page)
  await expand(page, tree.trunk)
  await itemAction(page, tree.branch, 'New Leaf')
  const dialog = keyDialog(page)
  await expect(dialog).toBeVisible()
  return { ...tree, dialog }
}

test.describe('the AttributeKey dialog', () => {
  test('makes a discrete text leaf with options and images, previews it live and saves it all', async ({
    page,
  }) => {
    const { dialog, branch } = await newLeaf(page, 'colours')
    const save = dialog.getByRole('button', { name: 'Save' })
    await expect(save).toBeDisabled()

    await dialog.getByLabel('Name').fill('Colour')
    await dialog.getByLabel('Prompt').fill('Which colour?')
    await dialog
      .getByLabel('Attribute image file')
      .setInputFiles(await file('key.png', [0, 142, 170]))
    await expect(dialog.getByRole('img', { name: 'Attribute image' })).toBeVisible()

    await dialog.getByRole('radio', { name: 'Discrete Values' }).click()
    await expect(dialog.getByText('Add at least one option.')).toBeVisible()
    const colours: [string, string, [number, number, number]][] = [
      ['Red', 'red', [200, 30, 30]],
      ['Green', 'green', [30, 160, 60]],
      ['Blue', 'blue', [30, 60, 200]],
    ]
    for (const [index, [label, value]] of colours.entries()) {
      await dialog.getByRole('button', { name: 'Add Option' }).click()
      await dialog.getByLabel(`Option label of option ${index + 1}`).fill(label)
      await dialog.getByLabel(`Value of option ${index + 1}`).fill(value)
    }
    await dialog.getByLabel('Red image file').setInputFiles(await file('red.png', colours[0]![2]))
    await dialog.getByLabel('Blue image file').setInputFiles(await file('blue.png', colours[2]![2]))
    // Blue goes up by keyboard-operable buttons: Red, Blue, Green.
    await dialog.getByRole('button', { name: 'Move Blue up' }).click()

    await choose(page, dialog, 'Control Type', 'Radio')
    await dialog.getByRole('radio', { name: 'Vertical' }).click()

    // The live demo asks the question as it will be asked, in the new order, with the images.
    const demo = demoRegion(dialog)
    const radios = demo.getByRole('radiogroup', { name: 'Which colour?' }).getByRole('radio')
    await expect(radios).toHaveCount(3)
    await expect(demo.getByRole('img', { name: 'Red' })).toBeVisible()
    await expect(demo.getByRole('img', { name: 'Colour image' })).toBeVisible()
    await demo.getByText('Blue').click()
    await expect(radios.nth(1)).toBeChecked()
    await shoot(page, 'key-discrete')

    await expect(save).toBeEnabled()
    await save.click()
    await expect(dialog).toBeHidden()
    await expand(page, branch)
    await expect(treeItem(page, 'Colour')).toBeVisible()

    const key = await storedKey(page.request, 'Colour')
    expect(key).toMatchObject({
      type: 'STRING',
      controlType: 'RADIO',
      prompt: 'Which colour?',
      config: '{"descreteValues":true,"inputOrientation":"Vertical"}',
    })
    expect(key.imagePath).toMatch(/^attributes\//)
    const options = await storedOptions(page.request, key.id)
    expect(options.map((o) => [o.label, o.value, o.sortOrder])).toEqual([
      ['Red', 'red', 0],
      ['Blue', 'blue', 1],
      ['Green', 'green', 2],
    ])
    expect(options.map((o) => o.imagePath?.startsWith('attributes/') ?? false)).toEqual([
      true,
      true,
      false,
    ])

    // Edit: delete Green, rename Red; the deletion is stored, nothing is created twice.
    await itemAction(page, 'Colour', 'Edit')
    await expect(dialog.getByLabel('Option label of option 1')).toHaveValue('Red')
    await dialog.getByRole('button', { name: 'Delete Green' }).click()
    await dialog.getByLabel('Option label of option 1').fill('Crimson')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect
      .poll(async () => (await storedOptions(page.request, key.id)).map((o) => o.label))
      .toEqual(['Crimson', 'Blue'])
    const all = (
      await synced<{ attributeKeyId: string }>(page.request, 'attributeKeyOptions')
    ).filter((o) => o.attributeKeyId === key.id)
    expect(all).toHaveLength(3)
  })

  test('makes a numeric freeform leaf: Step waits for Min and Max, the slider follows the range', async ({
    page,
  }) => {
    const { dialog } = await newLeaf(page, 'numbers')
    await dialog.getByLabel('Name').fill('Width')
    await dialog.getByLabel('Prompt').fill('How wide?')
    await choose(page, dialog, 'Type', 'Integer')
    const step = dialog.getByLabel('Step')
    await expect(step).toBeDisabled()
    await dialog.getByLabel('Min').fill('10')
    await dialog.getByLabel('Max').fill('5')
    await expect(dialog.getByText('Min must not be greater than Max.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled()
    await dialog.getByLabel('Max').fill('50')
    await expect(step).toBeEnabled()
    await step.fill('10')
    await dialog.getByLabel('Unit').fill('cm')
    expect((await step.boundingBox())?.width).toBeCloseTo(160, -1)

    const demo = demoRegion(dialog)
    await expect(demo.getByRole('spinbutton', { name: 'How wide?' })).toHaveAttribute('max', '50')
    await choose(page, dialog, 'Control Type', 'Slider')
    const slider = demo.getByRole('slider', { name: 'How wide?' })
    await expect(slider).toHaveAttribute('aria-valuemin', '10')
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await expect(slider).toHaveAttribute('aria-valuenow', '20')
    await expect(demo.getByText('20 cm')).toBeVisible()
    await shoot(page, 'key-numeric')

    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    const key = await storedKey(page.request, 'Width')
    expect(key).toMatchObject({
      type: 'INTEGER',
      controlType: 'SLIDER',
      config: '{"unit":"cm","min":10,"max":50,"step":10}',
    })
  })

  test('makes a BOOLEAN leaf with exactly True and False; a switch demo; a condition on a later sibling', async ({
    page,
  }) => {
    const { dialog, branch, branchId } = await newLeaf(page, 'flags')
    await dialog.getByLabel('Name').fill('Gift wrap')
    await dialog.getByLabel('Prompt').fill('Wrap it?')
    await choose(page, dialog, 'Type', 'Boolean')
    await expect(dialog.getByLabel('Option label of option 1')).toHaveValue('True')
    await expect(dialog.getByLabel('Value of option 2')).toHaveValue('false')
    await expect(dialog.getByRole('button', { name: 'Add Option' })).toHaveCount(0)
    await choose(page, dialog, 'Control Type', 'Switch')
    const toggle = demoRegion(dialog).getByRole('switch', { name: 'Wrap it?' })
    await toggle.click()
    await expect(toggle).toBeChecked()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    const key = await storedKey(page.request, 'Gift wrap')
    expect((await storedOptions(page.request, key.id)).map((o) => [o.label, o.value])).toEqual([
      ['True', 'true'],
      ['False', 'false'],
    ])

    // A later sibling to include, made through the API, after the new leaf.
    const note = await saveRecord(page.request, 'AttributeKey', {
      name: 'Gift note',
      type: 'STRING',
      controlType: 'INPUT',
      config: '{}',
    })
    const wrapLink = (
      await synced<{ id: string; attributeKeyId: string; deleted: boolean }>(
        page.request,
        'attributeKeyAssociations',
      )
    ).find((l) => l.attributeKeyId === key.id && !l.deleted)
    await saveRecord(page.request, 'AttributeKeyAssociation', {
      attributeKeyId: note.id,
      parentAssociationId: branchId,
      sortOrder: 5,
    })
    await expand(page, branch)
    await expect(treeItem(page, 'Gift note')).toBeVisible()

    // Demo: the stored key, read-only-ish, Close only.
    await itemAction(page, 'Gift wrap', 'Demo')
    const demoDialog = page.getByRole('dialog', { name: 'AttributeKey Demo' })
    await expect(demoDialog.getByRole('switch', { name: 'Wrap it?' })).toBeVisible()
    await shoot(page, 'demo')
    await demoDialog.getByRole('button', { name: 'Close' }).click()
    await expect(demoDialog).toBeHidden()

    // Conditional: when Gift wrap is true, Gift note is included.
    await itemAction(page, 'Gift wrap', 'Conditional')
    const conditional = page.getByRole('dialog', { name: 'Conditional Attribute' })
    const saveCondition = conditional.getByRole('button', { name: 'Save' })
    await expect(saveCondition).toBeDisabled()
    await conditional.getByRole('checkbox', { name: /^True/ }).click()
    await choose(page, conditional, 'Affected Branch/Leaf', 'Gift note')
    await expect(
      conditional.getByText(
        'When Gift wrap has the value(s) true the branch/leaf Gift note will be included',
      ),
    ).toBeVisible()
    await shoot(page, 'conditional')
    await saveCondition.click()
    await expect(conditional).toBeHidden()
    await expect
      .poll(async () =>
        (await synced<StoredCondition>(page.request, 'attributeKeyConditions')).filter(
          (c) => c.attributeKeyId === key.id && !c.deleted,
        ),
      )
      .toEqual([
        expect.objectContaining({ value: 'true', conditionalAssociationId: expect.any(String) }),
      ])
    expect(wrapLink).toBeDefined()

    // Listed when the dialog opens again, and removable.
    await itemAction(page, 'Gift wrap', 'Conditional')
    const existing = conditional.getByRole('list', { name: 'Existing conditions' })
    await expect(existing).toContainText('Gift note')
    await existing.getByRole('button', { name: /^Remove condition/ }).click()
    await expect(existing).toBeHidden()
    await conditional.getByRole('button', { name: 'Cancel' }).click()
    await expect
      .poll(async () =>
        (await synced<StoredCondition>(page.request, 'attributeKeyConditions')).filter(
          (c) => c.attributeKeyId === key.id && !c.deleted,
        ),
      )
      .toEqual([])
  })
})
