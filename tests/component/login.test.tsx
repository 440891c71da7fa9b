import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { writeLastUsername } from '../../src/data/prefs/lastUsername'
import { renderLogin } from '../setup/renderLogin'

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' })

describe('login screen', () => {
  it('starts on the username with nothing stored, and Login disabled', async () => {
    await renderLogin()
    expect(field('Username')).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled()
  })

  it('prefills the last username and focuses the password', async () => {
    writeLastUsername('ada@example.com')
    await renderLogin()
    expect(field('Username')).toHaveValue('ada@example.com')
    expect(field('Password')).toHaveFocus()
  })

  it('shows a field error only after the field was left, then after the delay', async () => {
    const { user } = await renderLogin()
    await user.type(field('Username'), 'nobody')
    expect(screen.queryByText('Must be email/phone')).toBeNull()
    await user.tab()
    expect(await screen.findByText('Must be email/phone')).toBeVisible()
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Username')).toHaveAccessibleDescription('Must be email/phone')
    await user.clear(field('Username'))
    await waitFor(() => expect(field('Username')).toHaveAccessibleDescription('Required'))
    await user.type(field('Username'), '+919876543210')
    expect(field('Username')).toHaveValue('+919876543210')
    expect(field('Username')).toHaveAccessibleDescription('')
    expect(field('Username')).not.toHaveAttribute('aria-invalid')
  })

  it('shows and hides the password with a labelled toggle', async () => {
    const { user } = await renderLogin()
    expect(field('Password')).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show Password' }))
    expect(field('Password')).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide Password' }))
    expect(field('Password')).toHaveAttribute('type', 'password')
  })

  it('submits with Enter and sends the lowercased username', async () => {
    const { user, gates } = await renderLogin()
    await user.type(field('Username'), 'ADA@EXAMPLE.COM')
    await user.type(field('Password'), 'correct horse{Enter}')
    await waitFor(() =>
      expect(gates.signIn.inputs).toEqual([
        { username: 'ada@example.com', password: 'correct horse' },
      ]),
    )
  })

  it('leads to /forgotPassword', async () => {
    const { user, router } = await renderLogin()
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotPassword'))
  })

  it('says so after a logout', async () => {
    await renderLogin({ loggedOut: true })
    expect(screen.getByRole('status')).toHaveTextContent('You have been logged out of Gatehouse.')
  })
})
