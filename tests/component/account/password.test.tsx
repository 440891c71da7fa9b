import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { dismissExpiryWarning } from '../../../src/data/prefs/passwordExpiry'
import { daysUntilExpiry } from '../../../src/kit/session/passwordExpiry.machine'
import { selfUser } from '../../setup/fixtures'
import { INVITATION_WELCOME } from '../../../src/areas/sign-in/views/PasswordResetScreen'
import { PASSWORD_RULES_HINT } from '../../../src/kit/views/form/NewPasswordFields'
import { EXPIRY_POLICY } from '../../../src/areas/account/views/password/PasswordExpiryDialog'
import { renderApp, renderSignedIn } from '../../setup/renderApp'
import { calls, field, renderSignedOut, resetCalls, passwordMachines } from './password.support'

const DAY = 86_400_000
const userId = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60'
const mfaId = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f61'

beforeEach(() => {
  resetCalls()
  sessionStorage.clear()
})

describe('forgot password', () => {
  it('answers at /forgotpassword too, and its text button leads to the login', async () => {
    const app = await renderSignedOut('/forgotpassword', 'Forgot Password')
    await app.user.click(screen.getByRole('button', { name: 'login page' }))
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible()
    expect(app.pathname()).toBe('/login')
  })
})

describe('reset password', () => {
  async function fillReset(app: Awaited<ReturnType<typeof renderSignedOut>>) {
    calls.lookUpResetToken.resolve({ email: 'ada@example.com', invitation: false })
    await app.user.type(
      await screen.findByLabelText('Email', { selector: 'input' }),
      'ada@example.com',
    )
    await app.user.type(field('New Password'), 'New#Passw0rd')
    await app.user.type(field('Repeat New Password'), 'New#Passw0rd')
  }

  it("welcomes an invited user on the same form, titled 'Choose your password'", async () => {
    const app = await renderSignedOut('/passwordReset/abc', 'Password Reset')
    calls.lookUpResetToken.resolve({ email: 'ada@example.com', invitation: true })
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeVisible()
    expect(screen.getByText(INVITATION_WELCOME)).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'Password Reset' })).toBeNull()
    await app.user.type(field('Email'), 'ada@example.com')
    await app.user.type(field('New Password'), 'New#Passw0rd')
    await app.user.type(field('Repeat New Password'), 'New#Passw0rd')
    await app.user.click(screen.getByRole('button', { name: 'Save Password' }))
    await waitFor(() => expect(calls.resetPassword.inputs).toHaveLength(1))
  })

  it('keeps the title Password Reset for a reset link, and shows the rules before any attempt', async () => {
    await renderSignedOut('/passwordReset/abc', 'Password Reset')
    calls.lookUpResetToken.resolve({ email: 'ada@example.com', invitation: false })
    expect(await screen.findByRole('heading', { name: 'Password Reset' })).toBeVisible()
    expect(screen.queryByText(INVITATION_WELCOME)).toBeNull()
    expect(field('New Password')).toHaveAccessibleDescription(PASSWORD_RULES_HINT)
  })

  it('checks the repeat again when the new password changes', async () => {
    const app = await renderSignedOut('/passwordReset/abc', 'Password Reset')
    await fillReset(app)
    expect(screen.getByRole('button', { name: 'Save Password' })).toBeEnabled()
    await app.user.type(field('New Password'), 'x')
    await waitFor(() =>
      expect(field('Repeat New Password')).toHaveAccessibleDescription(
        'The passwords entered do not match.',
      ),
    )
    expect(screen.getByRole('button', { name: 'Save Password' })).toBeDisabled()
  })

  it('signs in through the code step when the account uses two factors', async () => {
    const app = await renderSignedOut('/passwordReset/abc', 'Password Reset')
    await fillReset(app)
    await app.user.click(screen.getByRole('button', { name: 'Save Password' }))
    calls.resetPassword.resolve()
    await waitFor(() => expect(calls.signIn.inputs).toHaveLength(1))
    calls.signIn.resolve({ mfaId, user: { id: userId } })
    expect(await screen.findByRole('heading', { name: 'Two Factor Authentication' })).toBeVisible()
    await app.user.type(field('Security Code'), '123456')
    await app.user.click(screen.getByRole('button', { name: 'Validate Code' }))
    calls.verifyAccessCode.resolve({ user: { id: userId } })
    expect(await screen.findByText('Authenticating...')).toBeVisible()
    app.gates.fetchSelf.resolve(selfUser())
    await waitFor(() => expect(app.pathname()).toBe('/home'))
  })
})

describe('change password', () => {
  it("is titled 'Password Change' when nothing forces it, and checks the repeat again", async () => {
    const app = await renderSignedIn(selfUser(), '/password', { provide: passwordMachines })
    expect(await screen.findByRole('heading', { name: 'Password Change' })).toBeVisible()
    expect(field('New Password')).toHaveAccessibleDescription(PASSWORD_RULES_HINT)
    await app.user.type(field('New Password'), 'New#Passw0rd')
    await app.user.type(field('Repeat New Password'), 'New#Passw0rd')
    await app.user.tab()
    await app.user.type(field('New Password'), '!')
    await waitFor(() =>
      expect(field('Repeat New Password')).toHaveAccessibleDescription('Passwords must match'),
    )
  })

  it('while a change is due, every signed-in route leads to /password; /logout still works', async () => {
    const app = await renderSignedIn(selfUser({ mustChangePassword: true }), '/sessions', {
      provide: passwordMachines,
    })
    await waitFor(() => expect(app.pathname()).toBe('/password'))
    expect(screen.getByRole('heading', { name: 'You need to change your password' })).toBeVisible()
    await app.router.navigate({ to: '/home' })
    await waitFor(() => expect(app.pathname()).toBe('/password'))
    void app.router.navigate({ to: '/logout' })
    expect(await screen.findByText('Signing out...')).toBeVisible()
  })
})

describe('password-expiry dialog', () => {
  const soon = () => new Date(Date.now() + 3.2 * DAY).toISOString()

  it('counts whole days left, rounded up', () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z')
    expect(daysUntilExpiry('2026-03-11T12:00:00.000Z', now)).toBe(10)
    expect(daysUntilExpiry('2026-03-11T11:00:00.000Z', now)).toBe(10)
    expect(daysUntilExpiry('2026-03-01T13:00:00.000Z', now)).toBe(1)
  })

  it('names the whole days left and offers Later', async () => {
    const app = renderApp('/home', { provide: passwordMachines })
    app.gates.fetchSelf.resolve(selfUser({ passwordExpiresAt: soon() }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Your Password will expire in 4 days',
    })
    expect(within(dialog).getByRole('button', { name: 'Later' })).toBeEnabled()
    // A sentence about the policy under SPEC.md's title, and the rules before any attempt.
    expect(dialog).toHaveAccessibleDescription(EXPIRY_POLICY)
    expect(within(dialog).getByText(PASSWORD_RULES_HINT)).toBeVisible()
  })

  it('stays away when put off earlier in this browser session, or when a change is forced', async () => {
    dismissExpiryWarning(selfUser().id)
    const app = await renderSignedIn(selfUser({ passwordExpiresAt: soon() }), '/home', {
      provide: passwordMachines,
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    app.unmount()
    sessionStorage.clear()
    await renderSignedIn(
      selfUser({ passwordExpiresAt: soon(), mustChangePassword: true }),
      '/home',
      { provide: passwordMachines },
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
