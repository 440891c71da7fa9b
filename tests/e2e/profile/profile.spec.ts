import { testWithServer, expect } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { usernameField } from '../login/login'
import {
  databaseNames,
  editorForm,
  openProfile,
  personalInfo,
  pngImage,
  storedSelf,
} from './profile'

// These change the administrator (name, address, phone, two factors), so they get a server of
// their own; each test leaves sign-in as it found it.
const test = testWithServer()

test.describe('the Profile screen', () => {
  test.beforeEach(async ({ page }) => {
    await openProfile(page)
  })

  test('renames the user; the menu follows', async ({ page }) => {
    await personalInfo(page).getByRole('button', { name: 'Edit name' }).click()
    const form = editorForm(page, 'name')
    const save = form.getByRole('button', { name: 'Save Changes' })
    await expect(save).toBeDisabled()
    await form.getByLabel('First Name').fill('')
    await form.getByLabel('Last Name').click()
    await expect(form.getByText('Required')).toBeVisible()
    await expect(save).toBeDisabled()
    await form.getByLabel('First Name').fill('Augusta')
    await form.getByLabel('Last Name').fill('King')
    await save.click()

    await expect(form).toBeHidden()
    await expect(personalInfo(page).getByText('Augusta King')).toBeVisible()
    await expect(page.getByRole('button', { name: /user menu/i })).toHaveText('AK')
    const stored = await storedSelf(page)
    expect([stored.nameFirst, stored.nameLast]).toEqual(['Augusta', 'King'])

    // Cancel leaves the saved value alone.
    await personalInfo(page).getByRole('button', { name: 'Edit name' }).click()
    await form.getByLabel('First Name').fill('Nobody')
    await form.getByRole('button', { name: 'Cancel editing name' }).click()
    await expect(personalInfo(page).getByText('Augusta King')).toBeVisible()
  })

  test('changes the email with the current password, and says why a wrong one fails', async ({
    page,
  }) => {
    await personalInfo(page).getByRole('button', { name: 'Edit email' }).click()
    const form = editorForm(page, 'email')
    await form.getByLabel('Email', { exact: true }).fill('Ada.New@Example.com')
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue('ada.new@example.com')
    await form.getByLabel('Current Password', { exact: true }).fill('Wrong#pass1')
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await expect(form.getByRole('alert')).toHaveText('The password is not correct.')
    expect((await storedSelf(page)).email).toBe(ADMIN.email)

    await form.getByLabel('Current Password', { exact: true }).fill(ADMIN.password)
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await expect(form).toBeHidden()
    await expect(personalInfo(page).getByText('ada.new@example.com')).toBeVisible()
    expect((await storedSelf(page)).email).toBe('ada.new@example.com')

    // Back, so that the next test signs in as before.
    await personalInfo(page).getByRole('button', { name: 'Edit email' }).click()
    await form.getByLabel('Email', { exact: true }).fill(ADMIN.email)
    await form.getByLabel('Current Password', { exact: true }).fill(ADMIN.password)
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await expect(personalInfo(page).getByText(ADMIN.email)).toBeVisible()
  })

  test('sets the phone in any US format, turns two factors on and off, then clears it', async ({
    page,
  }) => {
    const card = personalInfo(page)
    const toggle = page.getByRole('switch', { name: 'Use 2 Factor Auth' })
    await expect(card.getByText('Not Provided')).toBeVisible()
    await expect(toggle).toHaveCount(0)

    await card.getByRole('button', { name: 'Edit phone' }).click()
    const form = editorForm(page, 'phone')
    const password = form.getByLabel('Current Password', { exact: true })
    await form.getByRole('textbox', { name: 'Phone' }).fill('555-12')
    await form.getByRole('button', { name: 'Cancel editing phone' }).focus()
    await expect(form.getByText('Phone number is not valid')).toBeVisible()
    await expect(form.getByRole('button', { name: 'Save Changes' })).toBeDisabled()
    await form.getByRole('textbox', { name: 'Phone' }).fill('555.123.4567')
    // Where the codes go is guarded like the address: the current password first.
    await expect(form.getByRole('button', { name: 'Save Changes' })).toBeDisabled()
    await password.fill('Wrong#pass1')
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await expect(form.getByRole('alert')).toHaveText('The password is not correct.')
    expect((await storedSelf(page)).phone).toBeNull()
    await password.fill(ADMIN.password)
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await expect(card.getByText('(555) 123 - 4567')).toBeVisible()
    expect((await storedSelf(page)).phone).toBe('5551234567')

    // The switch comes with the phone; it asks for the password before it moves.
    await expect(
      card.getByText('Please ensure your phone number is a mobile number before turning on 2FA.'),
    ).toBeVisible()
    await expect(toggle).not.toBeChecked()
    await toggle.click()
    const turnOn = page.getByRole('dialog', { name: 'Turn On 2 Factor Auth' })
    await turnOn.getByLabel('Current Password', { exact: true }).fill('Wrong#pass1')
    await turnOn.getByRole('button', { name: 'Continue' }).click()
    await expect(turnOn.getByRole('alert')).toHaveText('The password is not correct.')
    expect((await storedSelf(page)).use2FA).toBe(false)
    await turnOn.getByLabel('Current Password', { exact: true }).fill(ADMIN.password)
    await turnOn.getByRole('button', { name: 'Continue' }).click()
    await expect(turnOn).toBeHidden()
    await expect(toggle).toBeChecked()
    await expect(toggle).toBeEnabled()
    await expect.poll(async () => (await storedSelf(page)).use2FA).toBe(true)

    // The server refuses to remove the phone while it receives the codes, and says why.
    await card.getByRole('button', { name: 'Edit phone' }).click()
    await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue('(555) 123 - 4567')
    await form.getByRole('textbox', { name: 'Phone' }).fill('')
    await password.fill(ADMIN.password)
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await expect(form.getByRole('alert')).toContainText('Turn it off before removing the number.')
    await form.getByRole('button', { name: 'Cancel editing phone' }).click()

    // Cancel leaves it on; then off with the password.
    await toggle.click()
    const turnOff = page.getByRole('dialog', { name: 'Turn Off 2 Factor Auth' })
    await turnOff.getByRole('button', { name: 'Cancel' }).click()
    await expect(turnOff).toBeHidden()
    await expect(toggle).toBeChecked()
    await toggle.click()
    await turnOff.getByLabel('Current Password', { exact: true }).fill(ADMIN.password)
    await turnOff.getByRole('button', { name: 'Continue' }).click()
    await expect(turnOff).toBeHidden()
    await expect(toggle).not.toBeChecked()
    await expect(toggle).toBeEnabled()
    await expect.poll(async () => (await storedSelf(page)).use2FA).toBe(false)

    await card.getByRole('button', { name: 'Edit phone' }).click()
    await form.getByRole('textbox', { name: 'Phone' }).fill('')
    await password.fill(ADMIN.password)
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await expect(card.getByText('Not Provided')).toBeVisible()
    await expect(toggle).toHaveCount(0)
    expect((await storedSelf(page)).phone).toBeNull()
  })

  test('uploads a visage, shows it here and in the menu, and deletes it after asking', async ({
    page,
  }) => {
    const visage = page.getByRole('region', { name: 'Visage' })
    const menuImage = page.getByRole('button', { name: /user menu/i }).locator('img')
    await expect(visage.getByText('Drop Image File Here')).toBeVisible()

    await visage.getByLabel('Visage image file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await pngImage(),
    })
    const image = visage.getByRole('img', { name: 'Visage' })
    await expect(image).toBeVisible()
    await expect(image).toHaveAttribute('src', /\/v1\/files\/visage\//)
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await expect(menuImage).toHaveAttribute('src', /\/v1\/files\/visage\//)
    expect((await storedSelf(page)).visage).not.toBeNull()

    // After a reload the signed URL is fetched again.
    await page.reload()
    await expect(visage.getByRole('img', { name: 'Visage' })).toBeVisible()
    await expect(menuImage).toBeVisible()

    await visage.getByRole('button', { name: 'Delete Visage' }).click()
    const dialog = page.getByRole('alertdialog', {
      name: 'Are you sure you want to delete this visage?',
    })
    await expect(dialog.getByText('Deleting cannot be undone.')).toBeVisible()
    expect((await dialog.boundingBox())?.width).toBeGreaterThanOrEqual(400)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(visage.getByRole('img', { name: 'Visage' })).toBeVisible()

    await visage.getByRole('button', { name: 'Delete Visage' }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(dialog).toBeHidden()
    await expect(visage.getByText('Drop Image File Here')).toBeVisible()
    await expect(menuImage).toHaveCount(0)
    await expect(page.getByRole('button', { name: /user menu/i })).toHaveText(/^[A-Z]{1,2}$/)
    expect((await storedSelf(page)).visage).toBeNull()
  })

  test('refuses what is not an image, in the words of SPEC §8', async ({ page }) => {
    const visage = page.getByRole('region', { name: 'Visage' })
    await visage.getByLabel('Visage image file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    })
    await expect(visage.getByRole('alert')).toHaveText('File type must be image/*')
    // A file that claims to be an image but is not: the server's message.
    await visage.getByLabel('Visage image file').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a png'),
    })
    await expect(visage.getByRole('alert')).not.toHaveText('File type must be image/*')
    await expect(visage.getByRole('alert')).not.toBeEmpty()
    await expect(visage.getByText('Drop Image File Here')).toBeVisible()
  })

  test('Delete Local Data asks, deletes the databases and ends on the login', async ({ page }) => {
    await expect.poll(() => databaseNames(page)).toEqual(expect.arrayContaining(['identity']))
    await page.getByRole('button', { name: 'Delete Local Data' }).click()
    const dialog = page.getByRole('alertdialog', {
      name: 'Are you sure you want to delete this local data?',
    })
    await expect(dialog).toContainText('Deleting cannot be undone. You will be logged out.')
    await dialog.getByRole('button', { name: 'Delete' }).click()

    await expect(page).toHaveURL(/\/login/)
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    expect((await page.request.get('/v1/self')).status()).toBe(401)
    const left = await databaseNames(page)
    expect(left).not.toContain('identity')
    expect(left).not.toContain('attributes')
    // The remembered username went with the other preferences.
    await expect(usernameField(page)).toHaveValue('')
  })
})
