import { expect, type Page } from '@playwright/test'
import type { Service } from '../../../schema/service'
import { expectSignedIn, signIn } from '../login/login'
import { pngImage } from '../profile/profile'
import { test } from '../support/fixtures'
import { openServices, serverServices } from './services'

/** What the server keeps for the service with `key`, read as the console's sync reads it. */
async function stored(page: Page, id: string): Promise<Service | undefined> {
  const nodes = (await serverServices(page.request)) as unknown as Service[]
  return nodes.find((node) => node.id === id)
}

const detail = (page: Page) => page.getByRole('region', { name: 'Service detail' })
const editor = (page: Page, thing: string) => page.getByRole('form', { name: `Edit ${thing}` })

/** Opens the editor of `title`, types `value` and presses Save Changes. */
async function edit(page: Page, title: string, value: string) {
  const thing = title.toLowerCase()
  await detail(page)
    .getByRole('button', { name: `Edit ${thing}` })
    .click()
  const form = editor(page, thing)
  await form.getByLabel(title, { exact: true }).fill(value)
  await form.getByRole('button', { name: 'Save Changes' }).click()
  return form
}

test('a service is created with Add Service, edited field by field, given a logo, deleted and restored', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openServices(page)

  // A service that already holds the key the edit below tries to take.
  const taken = await page.request.post('/v1/service', {
    data: { key: 'billing-e2e', name: 'Billing', description: '', url: '' },
  })
  expect(taken.status(), await taken.text()).toBe(200)

  // The New Service form: Create waits for a key, which the name makes; a key the server refuses
  // (one already taken) is said beside the Key field, the input kept.
  await page.getByRole('button', { name: 'Add Service' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New Service' })
  await expect(dialog).toBeVisible()
  const access = dialog.getByRole('slider', { name: 'Access Token Timeout' })
  const refresh = dialog.getByRole('slider', { name: 'Refresh Token Timeout' })
  await expect(access).toHaveAttribute('aria-valuenow', '1')
  await expect(refresh).toHaveAttribute('aria-valuenow', '30')
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled()
  await dialog.getByLabel('Name', { exact: true }).fill('CRM')
  await expect(dialog.getByLabel('Key', { exact: true })).toHaveValue('crm')
  await dialog.getByLabel('Key', { exact: true }).fill('billing-e2e')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(/billing-e2e/)
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('CRM')

  await dialog.getByLabel('Key', { exact: true }).fill('crm-e2e')
  await dialog.getByLabel('Description', { exact: true }).fill('Where sales keeps customers')
  await dialog.getByLabel('Url', { exact: true }).fill('https://crm.example.com')
  await access.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(access).toHaveAttribute('aria-valuenow', '3')
  await dialog.getByRole('button', { name: 'Create' }).click()

  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}$/)
  const id = page.url().split('/').at(-1) ?? ''
  const pane = detail(page)
  await expect(pane.getByRole('heading', { name: 'CRM', level: 2 })).toBeVisible()
  expect(await stored(page, id)).toMatchObject({
    key: 'crm-e2e',
    name: 'CRM',
    description: 'Where sales keeps customers',
    url: 'https://crm.example.com',
    accessTokenTimeout: 3,
    refreshTokenTimeout: 30,
    hasLogo: false,
    deleted: false,
  })

  // Name and description.
  await edit(page, 'Name', 'Customer Records')
  await expect(pane.getByRole('heading', { name: 'Customer Records', level: 2 })).toBeVisible()
  await edit(page, 'Description', 'Accounts and their contacts')
  await expect(pane.getByRole('group', { name: 'Description' })).toContainText(
    'Accounts and their contacts',
  )

  // A taken key is refused with the server's words beside the field, and the input stays.
  let form = await edit(page, 'Key', 'billing-e2e')
  await expect(form.getByRole('alert')).toHaveText(
    "The key 'billing-e2e' is already used by another service.",
  )
  await expect(form.getByLabel('Key', { exact: true })).toHaveValue('billing-e2e')
  await form.getByLabel('Key', { exact: true }).fill('crm-two')
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(form).toBeHidden()
  await expect(pane.getByRole('group', { name: 'Key' })).toContainText('crm-two')

  // An address that is not absolute http(s) is refused before it is sent.
  await pane.getByRole('button', { name: 'Edit url' }).click()
  form = editor(page, 'url')
  await form.getByLabel('Url', { exact: true }).fill('crm.example.com')
  await form.getByLabel('Url', { exact: true }).blur()
  await expect(form.getByText('Must be an absolute http:// or https:// URL')).toBeVisible()
  await expect(form.getByRole('button', { name: 'Save Changes' })).toBeDisabled()
  await form.getByLabel('Url', { exact: true }).fill('https://hub.example.com/sign-in')
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(form).toBeHidden()

  // The sliders save at each key press.
  const accessSlider = pane.getByRole('slider', { name: 'Access Token Timeout' })
  await accessSlider.focus()
  await page.keyboard.press('ArrowRight')
  await expect(pane.getByRole('group', { name: 'Access Token Timeout' })).toContainText('4 hours')
  const refreshSlider = pane.getByRole('slider', { name: 'Refresh Token Timeout' })
  await refreshSlider.focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(pane.getByRole('group', { name: 'Refresh Token Timeout' })).toContainText('28 days')
  await expect
    .poll(async () => {
      const s = await stored(page, id)
      return [s?.accessTokenTimeout, s?.refreshTokenTimeout]
    })
    .toEqual([4, 28])
  expect(await stored(page, id)).toMatchObject({
    name: 'Customer Records',
    description: 'Accounts and their contacts',
    key: 'crm-two',
    url: 'https://hub.example.com/sign-in',
  })

  // A logo: dropped (chosen), shown through its signed URL, removed.
  const logo = pane.getByRole('region', { name: 'Logo' })
  await logo.getByLabel('Logo image file').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await pngImage(),
  })
  const image = logo.getByRole('img', { name: 'Customer Records logo' })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96)
  expect((await stored(page, id))?.hasLogo).toBe(true)
  await logo.getByRole('button', { name: 'Remove Logo' }).click()
  await expect(logo.getByText('Drop Logo File Here')).toBeVisible()
  expect((await stored(page, id))?.hasLogo).toBe(false)

  // Delete, after its confirmation; then Restore, after its own.
  await pane.getByRole('button', { name: 'Delete' }).click()
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete Customer Records?' })
  await expect(confirmDelete).toContainText('Are you sure you want to delete Customer Records?')
  await confirmDelete.getByRole('button', { name: 'Delete' }).click()
  await expect(confirmDelete).toBeHidden()
  await expect(pane.getByText('Deleted', { exact: true })).toBeVisible()
  await expect(pane.getByRole('button', { name: 'Edit name' })).toHaveCount(0)
  expect((await stored(page, id))?.deleted).toBe(true)

  await pane.getByRole('button', { name: 'Restore' }).click()
  const confirmRestore = page.getByRole('alertdialog', { name: 'Restore Customer Records?' })
  await expect(confirmRestore).toContainText('Are you sure you want to restore Customer Records?')
  await confirmRestore.getByRole('button', { name: 'Restore' }).click()
  await expect(confirmRestore).toBeHidden()
  await expect(pane.getByRole('button', { name: 'Delete' })).toBeVisible()
  await expect(pane.getByRole('button', { name: 'Edit name' })).toBeVisible()
  expect((await stored(page, id))?.deleted).toBe(false)
})

test('an unknown service id says so', async ({ page }) => {
  await signIn(page)
  await expectSignedIn(page)
  await page.goto('/services/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')
  await expect(detail(page).getByText(/Service not found/)).toBeVisible()
})

test("'Requires a second factor' is saved at once and kept in the service's record", async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  const created = await page.request.post('/v1/service', {
    data: { key: 'payroll-mfa-e2e', name: 'Payroll', description: '', url: '' },
  })
  expect(created.status(), await created.text()).toBe(200)
  const { id } = ((await created.json()) as { results: { service: Service } }).results.service
  await page.goto(`/services/${id}`)
  const pane = detail(page)
  await expect(pane.getByRole('heading', { name: 'Payroll', level: 2 })).toBeVisible()

  const toggle = pane.getByRole('switch', { name: 'Requires a second factor' })
  await expect(toggle).not.toBeChecked()
  await expect(toggle).toHaveAccessibleDescription(
    'Every sign-in into this service will need a second factor; users without one are refused.',
  )
  await toggle.click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The service now requires a second factor' }),
  ).toBeVisible()
  await expect(toggle).toBeChecked()
  expect((await stored(page, id))?.requireMfa).toBe(true)

  // Read back after a reload, from the cache the sync filled.
  await page.reload()
  await expect(detail(page).getByRole('switch', { name: 'Requires a second factor' })).toBeChecked()
  await detail(page).getByRole('switch', { name: 'Requires a second factor' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The service no longer requires a second factor' }),
  ).toBeVisible()
  await expect.poll(async () => (await stored(page, id))?.requireMfa).toBe(false)
})
