import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { writeLastUsername } from '../../../src/data/prefs/lastUsername'
import { renderLogin } from '../../setup/renderLogin'

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

describe('login screen with a passkey', () => {
  const passkeyButton = () => screen.queryByRole('button', { name: 'Sign in with a passkey' })
  const withWebAuthn = () => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
  afterEach(() => vi.unstubAllGlobals())

  it('offers no passkey where biometric login was never turned on', async () => {
    withWebAuthn()
    await renderLogin()
    expect(passkeyButton()).toBeNull()
  })

  it('offers no passkey on a browser without WebAuthn, even with the flag set', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined)
    await renderLogin({ passkey: true })
    expect(passkeyButton()).toBeNull()
  })

  it('offers it where it was turned on, without a username, and signs in with it', async () => {
    withWebAuthn()
    const { user, gates, session } = await renderLogin({ passkey: true })
    expect(passkeyButton()).toBeEnabled()
    await user.click(passkeyButton()!)
    expect(gates.signIn.inputs).toEqual([])
    expect(gates.signInWithPasskey.inputs).toHaveLength(1)
    gates.signInWithPasskey.resolve({ user: { id: '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60' } })
    await waitFor(() => expect(session.getSnapshot().matches('authenticating')).toBe(true))
  })

  it('goes quietly back to the form when the person cancels the prompt', async () => {
    withWebAuthn()
    const { user, gates } = await renderLogin({ passkey: true })
    await user.click(passkeyButton()!)
    await waitFor(() => expect(passkeyButton()).toBeDisabled())
    const cancelled = Object.assign(new Error('Not allowed.'), { name: 'NotAllowedError' })
    gates.signInWithPasskey.reject(cancelled)
    await waitFor(() => expect(passkeyButton()).toBeEnabled())
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says what went wrong otherwise', async () => {
    withWebAuthn()
    const { user, gates } = await renderLogin({ passkey: true })
    await user.click(passkeyButton()!)
    gates.signInWithPasskey.reject(new TypeError('Failed to fetch'))
    expect(await screen.findByRole('alert')).toHaveTextContent('An Error Occurred. Try Again.')
  })
})
