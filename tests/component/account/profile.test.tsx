import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { Dexie } from 'dexie'
import { describe, expect, it } from 'vitest'
import { attributesDb } from '../../../src/data/db/attributes'
import { deleteLocalData } from '../../../src/data/db/deleteLocalData'
import { identityDb } from '../../../src/data/db/identity'
import { selfUser } from '../../setup/fixtures'
import { setViewport } from '../../setup/media'
import { renderSignedIn } from '../../setup/renderApp'

describe('the Profile screen', () => {
  it('shows the title, the Personal Info rows and the phone formatted', async () => {
    await renderSignedIn(selfUser({ phone: '5551234567' }), '/profile')
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
    const card = within(screen.getByRole('region', { name: 'Personal Info' }))
    expect(card.getByText('Ada Lovelace')).toBeVisible()
    expect(card.getByText('admin@example.com')).toBeVisible()
    expect(card.getByText('(555) 123 - 4567')).toBeVisible()
    for (const name of ['Edit name', 'Edit email', 'Edit phone'])
      expect(card.getByRole('button', { name })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Delete Local Data' })).toBeEnabled()
  })

  it("keeps Biometric Login and Delete Local Data in a 'This device' card", async () => {
    await renderSignedIn(selfUser(), '/profile')
    const device = within(await screen.findByRole('region', { name: 'This device' }))
    expect(device.getByRole('button', { name: 'Delete Local Data' })).toBeEnabled()
    expect(device.getByText('Biometric Login')).toBeVisible()
    const personal = within(screen.getByRole('region', { name: 'Personal Info' }))
    expect(personal.queryByRole('button', { name: 'Delete Local Data' })).toBeNull()
  })

  it('says the row once and offers Cancel beside Save Changes in an open editor', async () => {
    const app = await renderSignedIn(selfUser(), '/profile')
    await app.user.click(await screen.findByRole('button', { name: 'Edit email' }))
    const form = within(screen.getByRole('form', { name: 'Edit email' }))
    // 'Email' is the input's label only; no heading repeats it.
    expect(form.getAllByText('Email')).toHaveLength(1)
    await app.user.click(form.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit email' })).toBeNull())
    expect(screen.getByRole('button', { name: 'Edit email' })).toHaveFocus()
  })

  it("says 'Not Provided' without a phone, and offers no 2FA switch", async () => {
    await renderSignedIn(selfUser({ phone: null }), '/profile')
    expect(await screen.findByText('Not Provided')).toBeVisible()
    expect(screen.queryByRole('switch', { name: 'Use 2 Factor Auth' })).toBeNull()
  })

  it('asks for the current password with the email, and shows errors after leaving a field', async () => {
    const app = await renderSignedIn(selfUser(), '/profile')
    await app.user.click(await screen.findByRole('button', { name: 'Edit email' }))
    const form = within(screen.getByRole('form', { name: 'Edit email' }))
    const email = form.getByLabelText('Email', { selector: 'input' })
    expect(email).toHaveFocus()
    await app.user.clear(email)
    await app.user.type(email, 'Not-An-Email')
    expect(email).toHaveValue('not-an-email')
    await app.user.tab()
    expect(await form.findByText('Invalid email address')).toBeVisible()
    expect(form.getByLabelText('Current Password', { selector: 'input' })).toHaveAttribute(
      'type',
      'password',
    )
    expect(form.getByRole('button', { name: 'Save Changes' })).toBeDisabled()
    await app.user.click(form.getByRole('button', { name: 'Cancel editing email' }))
    expect(screen.queryByRole('form', { name: 'Edit email' })).toBeNull()
  })

  it('asks for the current password with the phone: Save waits for it', async () => {
    const app = await renderSignedIn(selfUser({ phone: '5551234567' }), '/profile')
    await app.user.click(await screen.findByRole('button', { name: 'Edit phone' }))
    const form = within(screen.getByRole('form', { name: 'Edit phone' }))
    const phone = form.getByLabelText('Phone', { selector: 'input' })
    await app.user.clear(phone)
    await app.user.type(phone, '555 987 6543')
    const save = form.getByRole('button', { name: 'Save Changes' })
    expect(save).toBeDisabled()
    const password = form.getByLabelText('Current Password', { selector: 'input' })
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('autocomplete', 'current-password')
    await app.user.type(password, 'Secret#1word')
    expect(save).toBeEnabled()
  })

  it('asks for the password in a dialog before the 2FA switch moves', async () => {
    const app = await renderSignedIn(selfUser({ phone: '5551234567', use2FA: false }), '/profile')
    await app.user.click(await screen.findByRole('switch', { name: 'Use 2 Factor Auth' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn On 2 Factor Auth' }))
    // It says what turning it on does, not where codes go.
    expect(
      await screen.findByRole('dialog', {
        description:
          'Enter your password to have a security code sent to your phone at each sign-in.',
      }),
    ).toBeVisible()
    const password = dialog.getByLabelText('Current Password', { selector: 'input' })
    expect(password).toHaveFocus()
    expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled()
    await app.user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const toggle = screen.getByRole('switch', { name: 'Use 2 Factor Auth' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(toggle).toHaveFocus()
  })

  it('fits a 390 px phone', async () => {
    setViewport({ width: 390 })
    await renderSignedIn(selfUser(), '/profile')
    expect(await screen.findByRole('heading', { name: 'Personal Info' })).toBeVisible()
    expect(screen.getByRole('button', { name: /Drop Image File Here/ })).toBeVisible()
  })
})

describe('deleteLocalData', () => {
  it('deletes both cache databases and the console preferences only', async () => {
    await identityDb().users.put({ ...selfUser(), visage: null })
    await attributesDb().syncState.put({ collection: 'attributeKeys', cursor: 'x' } as never)
    localStorage.setItem('gatehouse.lastUsername', 'admin@example.com')
    localStorage.setItem('gatehouse.list.sessions', '{}')
    localStorage.setItem('someone.else', 'kept')

    await deleteLocalData()

    await waitFor(async () => expect(await Dexie.getDatabaseNames()).toEqual([]))
    expect(localStorage.getItem('gatehouse.lastUsername')).toBeNull()
    expect(localStorage.getItem('gatehouse.list.sessions')).toBeNull()
    expect(localStorage.getItem('someone.else')).toBe('kept')
  })
})
