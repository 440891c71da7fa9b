import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { expectSignedIn, passwordField, usernameField } from '../login/login'
import { mainNav, userMenuButton } from '../shell/shell'
import { filtersButton, recordCount, serviceRows } from '../services/services'
import { expectFocusRing, focusInside, tabTo } from './keyboard'

/**
 * The console from the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrows): no click,
 * no fill. It changes the administrator's name and a service, so it has a seeded server of its own.
 */
const test = testWithServer({}, { users: 5, sessions: 10, services: 4 })

test('signs in and works the console with the keyboard only', async ({ page }) => {
  // Sign in: the username field has the focus; Tab to the password; Enter submits.
  await page.goto('/login')
  await expect(usernameField(page)).toBeFocused()
  await page.keyboard.type(ADMIN.email)
  await tabTo(page, passwordField(page))
  await page.keyboard.type(ADMIN.password)
  await page.keyboard.press('Enter')
  await expectSignedIn(page)

  // The top navigation: every tab in order with Tab, back with Shift+Tab, Enter follows one.
  const tab = (name: string) => mainNav(page).getByRole('link', { name, exact: true })
  await tabTo(page, tab('Home'))
  for (const name of ['Sessions', 'Users', 'Services', 'Logs', 'Attributes']) {
    await page.keyboard.press('Tab')
    await expect(tab(name)).toBeFocused()
  }
  await tabTo(page, tab('Sessions'), { back: true })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sessions$/)
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()

  // The user menu: Enter opens it on its first entry, arrows move, Escape closes it back onto
  // the avatar; Space opens it again and Enter follows an entry.
  await tabTo(page, userMenuButton(page))
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Change Password' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(userMenuButton(page)).toBeFocused()
  await page.keyboard.press('Space')
  await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/profile$/)

  // A profile field: Enter on the edit icon opens the editor on its first input; Enter saves,
  // and the focus goes back to the edit icon.
  const editName = page.getByRole('button', { name: 'Edit name' })
  await tabTo(page, editName)
  await page.keyboard.press('Enter')
  const nameForm = page.getByRole('form', { name: 'Edit name' })
  await expect(nameForm.getByLabel('First Name')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Augusta')
  await page.keyboard.press('Enter')
  await expect(nameForm).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Your name was saved' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Name' })).toContainText('Augusta')
  await expect(editName).toBeFocused()

  // A dialog: the focus stays inside it both ways round, and Escape gives it back to the button
  // that opened it.
  const deleteLocal = page.getByRole('button', { name: 'Delete Local Data' })
  await tabTo(page, deleteLocal)
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toBeVisible()
  expect(await focusInside(confirm)).toBe(true)
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await focusInside(confirm), `after ${key}`).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await expect(deleteLocal).toBeFocused()

  // Services: a list row opens the detail with Enter.
  await tabTo(page, tab('Services'), { back: true, max: 80 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/services$/)
  await expect(recordCount(page)).toBeVisible()
  const row = serviceRows(page).first().getByRole('link')
  const name = (await row.locator('.rt-Text').first().textContent()) ?? ''
  await tabTo(page, row)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/services\/[\w-]+$/)
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()

  // The New Service dialog keeps the focus and gives it back to 'Add Service'.
  const addService = page.getByRole('button', { name: 'Add Service' })
  await tabTo(page, addService, { back: true, max: 80 })
  await page.keyboard.press('Enter')
  const newService = page.getByRole('dialog', { name: 'New Service' })
  await expect(newService.getByLabel('Name', { exact: true })).toBeFocused()
  for (let press = 0; press < 12; press++) {
    await page.keyboard.press('Tab')
    expect(await focusInside(newService)).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(newService).toBeHidden()
  await expect(addService).toBeFocused()

  // A detail action: a timeout slider moves with the arrows and is saved.
  const access = page.getByRole('slider', { name: 'Access Token Timeout' })
  await tabTo(page, access, { max: 80 })
  const before = Number(await access.getAttribute('aria-valuenow'))
  await page.keyboard.press(before < 10 ? 'ArrowRight' : 'ArrowLeft')
  await expect(access).toHaveAttribute(
    'aria-valuenow',
    String(before < 10 ? before + 1 : before - 1),
  )
  await expect(
    page.getByRole('status').filter({ hasText: 'The access token timeout was saved' }),
  ).toBeVisible()

  // Delete with its confirmation, then Restore: the focus stays on the action button throughout.
  const lifecycle = page.getByRole('button', { name: /^(Delete|Restore)$/ }).last()
  await tabTo(page, page.getByRole('button', { name: 'Delete', exact: true }), { max: 80 })
  await page.keyboard.press('Enter')
  const deleteDialog = page.getByRole('alertdialog', { name: `Delete ${name}?` })
  await expect(deleteDialog).toBeVisible()
  await tabTo(page, deleteDialog.getByRole('button', { name: 'Delete' }))
  await page.keyboard.press('Enter')
  await expect(deleteDialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: `${name} was deleted` })).toBeVisible()
  await expect(lifecycle).toHaveText('Restore')
  await expect(lifecycle).toBeFocused()
  await page.keyboard.press('Space')
  const restoreDialog = page.getByRole('alertdialog', { name: `Restore ${name}?` })
  await tabTo(page, restoreDialog.getByRole('button', { name: 'Restore' }))
  await page.keyboard.press('Space')
  await expect(restoreDialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: `${name} was restored` })).toBeVisible()
  await expect(lifecycle).toHaveText('Delete')
  await expect(lifecycle).toBeFocused()
})

test('buttons, links and fields show where the focus is', async ({ page }) => {
  await page.goto('/login')
  // A field (Radix draws the ring around the input), a text button and a solid button.
  await expectFocusRing(page, usernameField(page))
  await tabTo(page, passwordField(page))
  await expectFocusRing(page, passwordField(page))
  await page.keyboard.type(ADMIN.password)
  const forgot = page.getByRole('button', { name: 'forgot password' })
  await tabTo(page, forgot)
  await expectFocusRing(page, forgot)
  await tabTo(page, usernameField(page), { back: true })
  await page.keyboard.type(ADMIN.email)
  const login = page.getByRole('button', { name: 'Login' })
  await tabTo(page, login)
  await expectFocusRing(page, login)
  await page.keyboard.press('Enter')
  await expectSignedIn(page)

  // Links: a tab of the top bar; an icon button: the user menu.
  const services = mainNav(page).getByRole('link', { name: 'Services', exact: true })
  await tabTo(page, services)
  await expectFocusRing(page, services)
  await tabTo(page, userMenuButton(page))
  await expectFocusRing(page, userMenuButton(page))

  // The Services screen: the filters button (with its badge), a solid button and a row link.
  await tabTo(page, services, { back: true })
  await page.keyboard.press('Enter')
  await expect(recordCount(page)).toBeVisible()
  const targets = [
    filtersButton(page),
    page.getByRole('button', { name: 'Add Service' }),
    serviceRows(page).first().getByRole('link'),
  ]
  for (const target of targets) {
    await tabTo(page, target, { max: 80 })
    await expectFocusRing(page, target)
  }

  // The profile: an icon button, the switches, the drop zone and an outline button.
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
  const profileTargets = [
    page.getByRole('button', { name: 'Edit name' }),
    page.getByRole('button', { name: /Drop Image File Here/ }),
    page.getByRole('switch', { name: 'Biometric Login' }),
    page.getByRole('button', { name: 'Delete Local Data' }),
  ]
  for (const target of profileTargets) {
    await tabTo(page, target, { max: 80 })
    await expectFocusRing(page, target)
  }
})
