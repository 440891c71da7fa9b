import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { validatePassword, validateUsername } from '../../../schema/rules'
import {
  EXPECTED,
  loginPaths,
  recoveryCodes,
  setup,
} from '../../../src/areas/sign-in/paths/login.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { readLastUsername } from '../../../src/data/prefs/lastUsername'
import type { LoginSnapshot } from '../../../src/areas/sign-in/machines/login.machine'
import { selectCodeError } from '../../../src/areas/sign-in/machines/login.selectors'
import {
  METHOD_TEXT,
  textSentLine,
  validateEnrolmentCode,
  validateStepCode,
} from '../../../src/areas/sign-in/machines/login.messages'
import { renderLogin } from '../../setup/renderLogin'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const { paths } = buildPaths(loginPaths)
const view = viewCoverage(loginPaths)

type Login = Awaited<ReturnType<typeof renderLogin>>
type Step = {
  event: {
    type: string
    value?: string
    output?: unknown
    error?: unknown
    method?: keyof typeof METHOD_TEXT
    saved?: boolean
  }
}

const button = (name: string) => screen.getByRole('button', { name })

async function retype(login: Login, label: string, value: string) {
  const field = screen.getByLabelText(label, { selector: 'input' })
  await login.user.clear(field)
  if (value) await login.user.type(field, value)
  // Leaving the field is the touch that lets its error show.
  await login.user.tab()
}

async function expectMessage(snapshot: LoginSnapshot) {
  if (snapshot.hasTag('error')) {
    expect(await screen.findByRole('alert')).toHaveTextContent(snapshot.context.error ?? '—')
  } else {
    expect(screen.queryByRole('alert')).toBeNull()
  }
}

function drive(login: Login, touched: Set<string>) {
  // How the path signed in, for what the signed-in state expects to have been remembered.
  let signedInWith: 'password' | 'passkey' = 'password'
  let passkeyStarts = 0
  let textRequests = 0
  return {
    states: {
      credentials: async (snapshot: LoginSnapshot) => {
        expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible()
        const submit = button('Login')
        if (snapshot.can({ type: 'login.submit' })) expect(submit).toBeEnabled()
        else expect(submit).toBeDisabled()
        expect(button('Sign in with a passkey')).toBeEnabled()
        // The model keeps only whether each field passes its rule (see summary), so the screen is
        // checked against the same verdicts rather than against one remembered string.
        const username = screen.getByLabelText<HTMLInputElement>('Username', { selector: 'input' })
        const shown = username.value
        expect(shown).toBe(shown.toLowerCase())
        expect(!validateUsername(shown)).toBe(!validateUsername(snapshot.context.username))
        const usernameError = validateUsername(shown)
        if (usernameError && touched.has('Username'))
          expect(await screen.findByText(usernameError)).toBeVisible()
        const password = screen.getByLabelText<HTMLInputElement>('Password', {
          selector: 'input',
        }).value
        expect(!validatePassword(password)).toBe(!validatePassword(snapshot.context.password))
        const passwordError = validatePassword(password)
        if (passwordError && touched.has('Password'))
          expect(await screen.findByText(passwordError)).toBeVisible()
        await expectMessage(snapshot)
      },
      signingIn: async () => {
        await waitFor(() => expect(button('Login')).toBeDisabled())
        expect(button('Sign in with a passkey')).toBeDisabled()
        expect(screen.queryByRole('alert')).toBeNull()
      },
      passkeySigningIn: async () => {
        await waitFor(() => expect(button('Sign in with a passkey')).toBeDisabled())
        expect(button('Login')).toBeDisabled()
        expect(screen.getByLabelText('Username', { selector: 'input' })).toHaveAttribute('readonly')
        expect(screen.queryByRole('alert')).toBeNull()
        // One ceremony per press, none before it.
        expect(login.gates.signInWithPasskey.inputs).toHaveLength(passkeyStarts)
      },
      code: async (snapshot: LoginSnapshot) => {
        expect(
          await screen.findByRole('heading', { name: 'Two Factor Authentication' }),
        ).toBeVisible()
        const text = METHOD_TEXT[snapshot.context.method]
        expect(screen.getByText(text.prompt)).toBeVisible()
        // The field's length hint, unless its own error stands in its place.
        const shownError = selectCodeError(snapshot)
        if (shownError && screen.queryByText(shownError))
          expect(screen.queryByText(text.hint)).toBeNull()
        else expect(screen.getByText(text.hint)).toBeVisible()
        // Where the text went, masked, and a way to have it sent again, while its code is asked.
        const { method, textSent, destination, resent } = snapshot.context
        if (method === 'sms' && textSent) {
          expect(screen.getByText(textSentLine(destination, resent))).toBeVisible()
          expect(button('Resend code')).toBeEnabled()
        } else {
          expect(screen.queryByText(/^We sent/)).toBeNull()
          expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull()
        }
        const submit = button('Validate Code')
        if (snapshot.can({ type: 'mfa.submit' })) expect(submit).toBeEnabled()
        else expect(submit).toBeDisabled()
        const code = screen.getByLabelText<HTMLInputElement>(text.label, {
          selector: 'input',
        }).value
        const rule = (value: string) => validateStepCode(snapshot.context.method, value)
        expect(!rule(code)).toBe(!rule(snapshot.context.code))
        const codeError = rule(code)
        if (codeError && touched.has(text.label))
          expect(await screen.findByText(codeError)).toBeVisible()
        // 'Use another method' offers the account's other factors, and only those.
        const others = snapshot.context.methods.filter((m) => m !== snapshot.context.method)
        for (const other of Object.keys(METHOD_TEXT) as (keyof typeof METHOD_TEXT)[]) {
          const offered = screen.queryByRole('button', { name: METHOD_TEXT[other].use })
          if (others.includes(other)) expect(offered).toBeEnabled()
          else expect(offered).toBeNull()
        }
        await expectMessage(snapshot)
      },
      sendingText: async (snapshot: LoginSnapshot) => {
        await waitFor(() => expect(button('Validate Code')).toBeDisabled())
        // Sent again from the text's own step, or first from another factor's.
        expect(
          button(snapshot.context.method === 'sms' ? 'Resend code' : 'Text message'),
        ).toBeDisabled()
        // One text per press, none before it.
        expect(login.gates.sendText.inputs).toHaveLength(textRequests)
      },
      'enrolment.preparing': async () => {
        expect(
          await screen.findByRole('heading', { name: 'Set up your authenticator app' }),
        ).toBeVisible()
        expect(screen.getByLabelText('Preparing your authenticator key')).toBeVisible()
        expect(button('Verify')).toBeDisabled()
      },
      'enrolment.scanning': async (snapshot: LoginSnapshot) => {
        expect(
          await screen.findByRole('heading', { name: 'Set up your authenticator app' }),
        ).toBeVisible()
        expect(
          screen.getByRole('img', { name: 'QR code for your authenticator app' }),
        ).toBeVisible()
        expect(screen.getByTestId('authenticator-secret').textContent?.replace(/\s/g, '')).toBe(
          setup.secret,
        )
        expect(screen.getByTestId('authenticator-uri')).toHaveTextContent(setup.uri)
        const submit = button('Verify')
        if (snapshot.can({ type: 'mfa.submit' })) expect(submit).toBeEnabled()
        else expect(submit).toBeDisabled()
        const code = screen.getByLabelText<HTMLInputElement>('Code from the app', {
          selector: 'input',
        }).value
        expect(!validateEnrolmentCode(code)).toBe(!validateEnrolmentCode(snapshot.context.code))
        await expectMessage(snapshot)
      },
      'enrolment.confirming': async () => {
        await waitFor(() => expect(button('Verify')).toBeDisabled())
        // The code goes with the setup and the sign-in it belongs to.
        expect(login.gates.confirmEnrolment.inputs.at(-1)).toMatchObject({
          setupId: setup.setupId,
          code: '123456',
        })
      },
      recoveryCodes: async (snapshot: LoginSnapshot) => {
        expect(
          await screen.findByRole('heading', { name: 'Save your recovery codes' }),
        ).toBeVisible()
        const list = screen.getByRole('list', { name: 'Recovery codes' })
        expect(
          within(list)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual(recoveryCodes)
        const tick = screen.getByRole('checkbox', { name: 'I have saved these codes' })
        expect(tick).toHaveAttribute('aria-checked', String(snapshot.context.codesSaved))
        if (snapshot.context.codesSaved) expect(button('Continue')).toBeEnabled()
        else expect(button('Continue')).toBeDisabled()
        // Signed in already: the session opened with the enrolment, the console waits for this.
        expect(login.session.getSnapshot().matches('signedOut')).toBe(true)
      },
      verifying: async (snapshot: LoginSnapshot) => {
        await waitFor(() => expect(button('Validate Code')).toBeDisabled())
        // The code goes with the factor it belongs to.
        expect(login.gates.verifyAccessCode.inputs.at(-1)).toMatchObject({
          method: snapshot.context.method,
          accessCode: snapshot.context.code,
        })
      },
      signedIn: async () => {
        // The session actor takes over: it was told, and the username is kept for next time.
        await waitFor(() =>
          expect(login.session.getSnapshot().matches('authenticating')).toBe(true),
        )
        // A passkey names its account itself: the username typed (if any) proves nothing.
        expect(readLastUsername()).toBe(signedInWith === 'password' ? 'ada@example.com' : '')
      },
    },
    events: {
      'login.usernameChanged': async ({ event }: Step) => {
        touched.add('Username')
        await retype(login, 'Username', event.value ?? '')
      },
      'login.passwordChanged': async ({ event }: Step) => {
        touched.add('Password')
        await retype(login, 'Password', event.value ?? '')
      },
      'mfa.codeChanged': async ({ event }: Step) => {
        const label = screen.queryByLabelText('Code from the app', { selector: 'input' })
          ? 'Code from the app'
          : (
              Object.values(METHOD_TEXT).find(
                ({ label }) => screen.queryByLabelText(label, { selector: 'input' }) !== null,
              ) ?? METHOD_TEXT.sms
            ).label
        touched.add(label)
        await retype(login, label, event.value ?? '')
      },
      'mfa.useMethod': async ({ event }: Step) => {
        touched.clear()
        const method = event.method ?? 'sms'
        if (method === 'sms') textRequests += 1
        await login.user.click(button(METHOD_TEXT[method].use))
      },
      'mfa.resend': async () => {
        textRequests += 1
        await login.user.click(button('Resend code'))
      },
      'xstate.done.actor.sendText': () => login.gates.sendText.resolve(undefined),
      'xstate.error.actor.sendText': ({ event }: Step) => login.gates.sendText.reject(event.error),
      'xstate.done.actor.beginEnrolment': ({ event }: Step) =>
        login.gates.beginEnrolment.resolve(event.output as never),
      'xstate.error.actor.beginEnrolment': ({ event }: Step) =>
        login.gates.beginEnrolment.reject(event.error),
      'xstate.done.actor.confirmEnrolment': ({ event }: Step) =>
        login.gates.confirmEnrolment.resolve(event.output as never),
      'xstate.error.actor.confirmEnrolment': ({ event }: Step) =>
        login.gates.confirmEnrolment.reject(event.error),
      'codes.savedChanged': async ({ event }: Step) => {
        const tick = screen.getByRole('checkbox', { name: 'I have saved these codes' })
        if ((tick.getAttribute('aria-checked') === 'true') !== event.saved)
          await login.user.click(tick)
      },
      'codes.done': () => login.user.click(button('Continue')),
      'login.submit': () => login.user.click(button('Login')),
      'mfa.submit': () =>
        login.user.click(
          screen.queryByRole('button', { name: 'Verify' }) ?? button('Validate Code'),
        ),
      'mfa.back': async () => {
        touched.clear()
        await login.user.click(button('Back to Login'))
      },
      'xstate.done.actor.signIn': ({ event }: Step) =>
        login.gates.signIn.resolve(event.output as never),
      'xstate.error.actor.signIn': ({ event }: Step) => login.gates.signIn.reject(event.error),
      'xstate.done.actor.verifyAccessCode': ({ event }: Step) =>
        login.gates.verifyAccessCode.resolve(event.output as never),
      'xstate.error.actor.verifyAccessCode': ({ event }: Step) =>
        login.gates.verifyAccessCode.reject(event.error),
      'passkey.start': async () => {
        passkeyStarts += 1
        await login.user.click(button('Sign in with a passkey'))
      },
      'xstate.done.actor.signInWithPasskey': ({ event }: Step) => {
        signedInWith = 'passkey'
        login.gates.signInWithPasskey.resolve(event.output as never)
      },
      'xstate.error.actor.signInWithPasskey': ({ event }: Step) =>
        login.gates.signInWithPasskey.reject(event.error),
    },
  }
}

// jsdom has no WebAuthn; the passkey button needs a browser that has it.
beforeEach(() => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {}))
afterEach(() => vi.unstubAllGlobals())

describe('login statechart, driving the login screen', () => {
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(loginPaths.machine, [{ input: loginPaths.input, paths }]).refused).toEqual([])
  })

  it('shows every message of the error catalogue on some path', () => {
    const shown = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.error)))
    expect([...shown].filter(Boolean).sort()).toEqual(Object.values(EXPECTED).sort())
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      const login = await renderLogin({ passkey: true })
      await view.drive(path, drive(login, new Set()))
      // What was sent matches what was typed, normalised as the contract expects.
      const sent = login.gates.signIn.inputs[0] as { username: string } | undefined
      if (sent) expect(sent.username).toBe(sent.username.toLowerCase())
      expect(within(document.body).queryByText('undefined')).toBeNull()
    })
  }
})
