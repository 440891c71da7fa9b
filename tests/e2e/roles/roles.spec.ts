import { test, expect } from '../support/fixtures'
import { axeViolations, describeFound, type Found } from '../a11y/axe'
import { expectSignedIn, signIn } from '../login/login'
import { mainNav } from '../shell/shell'
import { BUILT_IN_ROLES, matrix, notice, openRoles, roleItem, roleList, serverRoles } from './roles'
import { inEachScheme } from '../support/schemes'

test('an administrator creates, renames and deletes a custom role on Roles', async ({ page }) => {
  await signIn(page)
  await expectSignedIn(page)
  await mainNav(page).getByRole('link', { name: 'Roles' }).click()
  await expect(page).toHaveURL(/\/roles$/)
  await expect(page).toHaveTitle('Roles · Gatehouse')

  // The five built-in roles, marked and read-only, and the matrix with a column for each.
  for (const name of BUILT_IN_ROLES) {
    await expect(roleItem(page, name)).toContainText('Built-in')
    await expect(roleItem(page, name).getByRole('button')).toHaveCount(0)
  }
  await expect(roleItem(page, 'Administrator')).toContainText('1 user')
  await expect(
    page.getByText('Built-in roles cannot be changed; create a custom role instead.'),
  ).toBeVisible()
  const headers = matrix(page).getByRole('columnheader')
  await expect(headers).toHaveText(['Permission', ...BUILT_IN_ROLES])
  const logs = matrix(page).getByRole('row', { name: /View Logs/ })
  await expect(logs).toContainText('Read the audit log of sign-ins and changes.')
  await expect(logs.getByRole('cell')).toHaveText(['Yes', /No/, 'Yes', /No/, /No/])

  // New role: a name, a description and two permissions.
  await page.getByRole('button', { name: 'New role' }).click()
  const create = page.getByRole('dialog', { name: 'New role' })
  await create.getByRole('textbox', { name: 'Name' }).fill('Night shift')
  await create.getByRole('textbox', { name: 'Description' }).fill('Watches the sessions at night.')
  await create.getByRole('checkbox', { name: 'View Sessions' }).click()
  await create.getByRole('checkbox', { name: 'View Logs' }).click()
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(notice(page, 'Night shift was created')).toBeVisible()
  await expect(create).toBeHidden()
  await expect(roleItem(page, 'Night shift')).toContainText('No users')
  await expect(headers).toHaveText(['Permission', ...BUILT_IN_ROLES, 'Night shift'])

  // Renamed.
  await roleItem(page, 'Night shift').getByRole('button', { name: 'Edit Night shift' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit role' })
  await expect(edit.getByRole('checkbox', { name: 'View Logs' })).toBeChecked()
  await edit.getByRole('textbox', { name: 'Name' }).fill('Late shift')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(notice(page, 'Late shift was saved')).toBeVisible()
  await expect(roleItem(page, 'Late shift')).toBeVisible()
  await expect(roleItem(page, 'Night shift')).toHaveCount(0)

  // The server stored it: the new name, the description, the two permissions, a custom role.
  const stored = (await serverRoles(page.request)).find((role) => role.name === 'Late shift')
  expect(stored).toMatchObject({
    builtIn: null,
    description: 'Watches the sessions at night.',
    holders: 0,
  })
  expect(stored?.permissions.toSorted()).toEqual(['logs.read', 'sessions.read'])

  // A taken name is refused with the server's words, beside the name.
  await page.getByRole('button', { name: 'New role' }).click()
  const again = page.getByRole('dialog', { name: 'New role' })
  await again.getByRole('textbox', { name: 'Name' }).fill('Auditor')
  await again.getByRole('button', { name: 'Create' }).click()
  await expect(again.getByText('A role with this name exists already.')).toBeVisible()
  await again.getByRole('button', { name: 'Cancel' }).click()
  await expect(again).toBeHidden()

  // Deleted, after a confirmation that says who holds it.
  await roleItem(page, 'Late shift').getByRole('button', { name: 'Delete Late shift' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Late shift?' })
  await expect(confirm).toContainText('No user holds this role.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(notice(page, 'Late shift was deleted')).toBeVisible()
  await expect(roleItem(page, 'Late shift')).toHaveCount(0)
  expect((await serverRoles(page.request)).map((role) => role.name)).not.toContain('Late shift')
  await expect(roleList(page).getByRole('listitem')).toHaveCount(BUILT_IN_ROLES.length)
})

const LAYOUTS = {
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const

for (const [layout, device] of Object.entries(LAYOUTS))
  test.describe(`Roles on a ${layout}`, () => {
    test.use(device)

    test('passes axe, spills nothing sideways, and is photographed', async ({ page }) => {
      const found: Found[] = []
      // Light and dark from the same visit (support/schemes.ts).
      const shot = async (screen: string) => {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        expect(overflow, `${screen} spills sideways`).toBeLessThanOrEqual(0)
        await inEachScheme(page, async (scheme) => {
          found.push(...(await axeViolations(page, `${screen}, ${scheme}`)))
          await page.screenshot({
            animations: 'disabled',
            fullPage: true,
            path: `test-results/screens/${screen}-${layout}-${scheme}.png`,
          })
        })
      }
      await signIn(page)
      await expectSignedIn(page)
      await openRoles(page)
      if (layout === 'phone') {
        await expect(page.getByRole('list', { name: 'Permissions of Administrator' })).toBeVisible()
        // One role at a time: pick another.
        await page.getByRole('combobox', { name: 'Role' }).click()
        await page.getByRole('option', { name: 'Help desk' }).click()
        await expect(page.getByRole('list', { name: 'Permissions of Help desk' })).toBeVisible()
      } else await expect(matrix(page)).toBeVisible()
      await shot('roles')

      await page.getByRole('button', { name: 'New role' }).click()
      const dialog = page.getByRole('dialog', { name: 'New role' })
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Pharmacy desk')
      await dialog.getByRole('checkbox', { name: 'View Users' }).click()
      await shot('roles-new')
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toBeHidden()

      expect(found.map(describeFound)).toEqual([])
    })
  })
