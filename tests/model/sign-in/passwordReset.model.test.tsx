import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { validateNewPassword } from '../../../schema/new-password'
import type { ResetLink } from '../../../src/data/api/password'
import { readLastUsername } from '../../../src/data/prefs/lastUsername'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import {
  EXPECTED,
  ON_FILE,
  SLUG,
  passwordResetPaths,
  userId,
} from '../../../src/areas/sign-in/paths/passwordReset.paths'
import { validateResetEmail, validateResetRepeat } from '../../../src/kit/machines/password.rules'
import {
  passwordResetMachine,
  type ResetSnapshot,
} from '../../../src/areas/sign-in/machines/passwordReset.machine'
import { calls, field, renderSignedOut, resetCalls } from '../../component/account/password.support'
import { selfUser } from '../../setup/fixtures'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const { paths } = buildPaths(passwordResetPaths)
const view = viewCoverage(passwordResetPaths)

type App = Awaited<ReturnType<typeof renderSignedOut>>
type Step = { event: { type: string; value?: string; output?: unknown; error?: unknown } }

const button = (name: string) => screen.getByRole('button', { name })

async function retype(app: App, label: string, value: string) {
  await app.user.clear(field(label))
  await app.user.click(field(label))
  await app.user.paste(value)
  await app.user.tab()
}

async function expectForm(snapshot: ResetSnapshot, touched: Set<string>) {
  expect(await screen.findByLabelText('Email', { selector: 'input' })).toBeVisible()
  const shown = {
    email: field('Email').value,
    password: field('New Password').value,
    repeat: field('Repeat New Password').value,
  }
  const errors = {
    Email: validateResetEmail(shown.email, ON_FILE),
    'New Password': validateNewPassword(shown.password),
    'Repeat New Password': validateResetRepeat(shown.repeat, shown.password),
  }
  // The screen's fields pass and fail the rules exactly as the chart's context does.
  const verdicts = (c: { email: string; password: string; repeat: string }) => [
    !validateResetEmail(c.email, ON_FILE),
    !validateNewPassword(c.password),
    !validateResetRepeat(c.repeat, c.password),
  ]
  expect(verdicts(shown)).toEqual(verdicts(snapshot.context))
  for (const [label, error] of Object.entries(errors)) {
    if (error && touched.has(label))
      await waitFor(() => expect(field(label)).toHaveAccessibleDescription(error))
  }
  if (snapshot.can({ type: 'reset.submit' })) expect(button('Save Password')).toBeEnabled()
  else expect(button('Save Password')).toBeDisabled()
}

// The screen's own messages; the notifications (SPEC.md §4) show outside it, bottom-left.
const page = () => within(screen.getByRole('main'))
const notifications = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-notification]'), (n) => ({
    role: n.getAttribute('role'),
    text: n.textContent,
  }))

function drive(app: App, touched: Set<string>) {
  return {
    states: {
      lookingUp: async () => {
        expect(await screen.findByText('Checking the link...')).toBeVisible()
        expect(calls.lookUpResetToken.inputs.at(-1)).toBe(SLUG)
      },
      unavailable: async () => {
        expect(await page().findByRole('alert')).toHaveTextContent(EXPECTED.exception)
        expect(button('Try Again')).toBeEnabled()
      },
      expired: async () => {
        expect(await screen.findByText('Password reset link has expired.')).toBeVisible()
        expect(button('Login')).toBeEnabled()
        expect(button('forgot password')).toBeEnabled()
        expect(screen.queryByLabelText('New Password')).toBeNull()
      },
      'editing.idle': async (snapshot: ResetSnapshot) => {
        await expectForm(snapshot, touched)
        expect(page().queryByRole('alert')).toBeNull()
      },
      'editing.rejected': async (snapshot: ResetSnapshot) => {
        expect(await page().findByRole('alert')).toHaveTextContent(snapshot.context.error ?? '—')
        await waitFor(() =>
          expect(notifications()).toContainEqual({
            role: 'alert',
            text: `Your password was not reset: ${snapshot.context.error ?? '—'}`,
          }),
        )
        await expectForm(snapshot, touched)
      },
      saving: async () => {
        await waitFor(() => expect(button('Save Password')).toBeDisabled())
        expect(calls.resetPassword.inputs.at(-1)).toEqual({
          slug: SLUG,
          body: { username: ON_FILE, password: 'New#Passw0rd' },
        })
      },
      signingIn: async () => {
        expect(await screen.findByText('Signing in...')).toBeVisible()
        // The form is gone: the notification says that the password was changed.
        expect(notifications()).toContainEqual({
          role: 'status',
          text: 'Your password has been changed',
        })
        // The login flow signs in with the address on file and the new password.
        await waitFor(() =>
          expect(calls.signIn.inputs.at(-1)).toEqual({
            username: ON_FILE,
            password: 'New#Passw0rd',
          }),
        )
      },
      signInFailed: async () => {
        expect(await page().findByRole('alert')).toHaveTextContent(EXPECTED.exception)
        expect(button('Login')).toBeEnabled()
      },
      done: async () => {
        // The session actor takes over: it checks the new session, then the console shows Home.
        expect(await screen.findByText('Authenticating...')).toBeVisible()
        app.gates.fetchSelf.resolve(selfUser())
        await waitFor(() => expect(app.pathname()).toBe('/home'))
        expect(readLastUsername()).toBe(ON_FILE)
      },
    },
    events: {
      'xstate.done.actor.lookUpResetToken': ({ event }: Step) =>
        calls.lookUpResetToken.resolve(event.output as ResetLink),
      'xstate.error.actor.lookUpResetToken': ({ event }: Step) =>
        calls.lookUpResetToken.reject(event.error),
      'reset.retry': () => app.user.click(button('Try Again')),
      'reset.emailChanged': async ({ event }: Step) => {
        touched.add('Email')
        await retype(app, 'Email', event.value ?? '')
      },
      'reset.passwordChanged': async ({ event }: Step) => {
        touched.add('New Password')
        await retype(app, 'New Password', event.value ?? '')
      },
      'reset.repeatChanged': async ({ event }: Step) => {
        touched.add('Repeat New Password')
        await retype(app, 'Repeat New Password', event.value ?? '')
      },
      'reset.submit': () => app.user.click(button('Save Password')),
      'xstate.done.actor.resetPassword': () => calls.resetPassword.resolve(),
      'xstate.error.actor.resetPassword': ({ event }: Step) =>
        calls.resetPassword.reject(event.error),
      // The login child finishes: the server opened a session (no second factor).
      'xstate.done.actor.login': () => calls.signIn.resolve({ user: { id: userId } }),
      // The login child breaks on an answer it cannot read (an mfaId without a user).
      'xstate.error.actor.login': () => calls.signIn.resolve({ mfaId: userId } as never),
    },
  }
}

beforeEach(resetCalls)

describe('password-reset statechart, driving /passwordReset/$slug', () => {
  it('takes only steps the production machine takes', () => {
    expect(
      coverageOf(passwordResetMachine, [{ input: passwordResetPaths.input, paths }]).refused,
    ).toEqual([])
  })

  it('shows every failure message on some path', () => {
    const shown = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.error)))
    expect([...shown].filter(Boolean).sort()).toEqual(Object.values(EXPECTED).sort())
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const app = await renderSignedOut(`/passwordReset/${SLUG}`, 'Password Reset')
      await view.drive(path, drive(app, new Set()))
    })
  }
})
