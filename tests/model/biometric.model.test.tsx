import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { createTestModel } from 'xstate/graph'
import type { Passkey } from '../../schema/passkeys'
import { validatePassword } from '../../schema/rules'
import { ApiError } from '../../src/data/api/ApiError'
import { readBiometricFlag, writeBiometricFlag } from '../../src/data/prefs/biometric'
import {
  biometricMachine,
  type BiometricEvent,
  type BiometricSnapshot,
} from '../../src/machines/biometric.machine'
import { AppTheme } from '../../src/views/app/AppTheme'
import { BiometricSetting } from '../../src/views/passkeys/BiometricSetting'
import { testSession, WithSession } from '../setup/session'
import { selfUser } from '../setup/fixtures'
import { Gate } from '../setup/gate'
import { asTestMachine } from '../../src/flows/asTestMachine'
import { uncovered } from './coverage'
import { describePath } from './describePath'

const passkey: Passkey = {
  id: '0192f0c4-0000-7000-8000-0000000000a1',
  label: 'Chrome on Linux',
  createdAt: '2026-01-01T12:00:00.000Z',
  lastUsedAt: null,
}
const offline = new ApiError(0, 1000, 'The server could not be reached.', true)
const wrongPassword = new ApiError(401, 805, 'The password is not correct.')
const unverified = new ApiError(
  400,
  1001,
  'The passkey could not be verified: User verification required, but user could not be verified',
)
// What the browser throws when the person closes its passkey prompt.
const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
  name: 'NotAllowedError',
})
const PASSWORD = 'Secret#1word'

const events = [
  { type: 'xstate.done.actor.listPasskeys', output: [] },
  { type: 'xstate.done.actor.listPasskeys', output: [passkey] },
  { type: 'xstate.error.actor.listPasskeys', error: offline },
  { type: 'biometric.enable' },
  { type: 'biometric.passwordChanged', value: PASSWORD },
  { type: 'biometric.passwordChanged', value: 'short' },
  { type: 'biometric.submit' },
  { type: 'biometric.cancel' },
  { type: 'xstate.done.actor.createPasskey', output: passkey },
  { type: 'xstate.error.actor.createPasskey', error: wrongPassword },
  { type: 'xstate.error.actor.createPasskey', error: cancelled },
  { type: 'xstate.error.actor.createPasskey', error: unverified },
  { type: 'biometric.disable' },
  { type: 'xstate.done.actor.removeAllPasskeys', output: 1 },
  { type: 'xstate.error.actor.removeAllPasskeys', error: offline },
] as unknown as BiometricEvent[]

// The typed password itself is not part of the model, only whether it passes its rule.
const summary = (s: BiometricSnapshot) =>
  JSON.stringify([s.value, !validatePassword(s.context.password), s.context.error])

const testMachine = asTestMachine(biometricMachine)
const model = createTestModel(testMachine, {
  events,
  // Arriving by another transition is another path, so that every transition is taken once.
  serializeState: (state, event, previous) =>
    summary(state) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(state.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
})
const paths = model.getShortestPaths()

/** The switch on its own, with its server calls and the browser's prompt behind gates. */
function renderSetting() {
  const gates = {
    listPasskeys: new Gate<Passkey[]>(),
    createPasskey: new Gate<Passkey>(),
    removeAllPasskeys: new Gate<number>(),
  }
  const machine = biometricMachine.provide({
    actors: {
      listPasskeys: fromPromise<Passkey[]>(() => gates.listPasskeys.wait()),
      createPasskey: fromPromise<Passkey, { password: string }>(({ input }) =>
        gates.createPasskey.wait(input),
      ),
      removeAllPasskeys: fromPromise<number>(() => gates.removeAllPasskeys.wait()),
    },
  })
  render(
    <WithSession session={testSession()} provide={[machine]}>
      <AppTheme>
        <BiometricSetting user={selfUser()} />
      </AppTheme>
    </WithSession>,
  )
  return { gates, user: userEvent.setup() }
}

type Setting = ReturnType<typeof renderSetting>
type Step = { event: { type: string; value?: string; output?: unknown; error?: unknown } }

const toggle = () => screen.getByRole('switch', { name: 'Biometric Login' })
const dialog = () => screen.getByRole('dialog', { name: 'Turn On Biometric Login' })
const inDialog = (name: string) => within(dialog()).getByRole('button', { name })
const passwordField = () => within(dialog()).getByLabelText('Password', { selector: 'input' })

async function expectSwitch(checked: boolean, enabled: boolean) {
  await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', String(checked)))
  if (enabled) expect(toggle()).toBeEnabled()
  else expect(toggle()).toBeDisabled()
}

async function expectNoDialog() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
}

function drive(setting: Setting) {
  // What this browser should remember: stale at first (see below), set when a passkey is made
  // here, cleared when none is left.
  let flag = true
  let touched = false
  const expectFlag = () => expect(readBiometricFlag()).toBe(flag)
  return {
    states: {
      loading: async () => {
        await expectSwitch(false, false)
        expect(screen.getByLabelText('Working')).toBeVisible()
        expect(toggle()).toHaveAccessibleDescription(/fingerprint, face or screen lock/)
      },
      'off.idle': async () => {
        await expectNoDialog()
        await expectSwitch(false, true)
        expect(screen.queryByRole('alert')).toBeNull()
        expectFlag()
      },
      'off.failed': async (snapshot: BiometricSnapshot) => {
        await expectNoDialog()
        await expectSwitch(false, true)
        expect(await screen.findByRole('alert')).toHaveTextContent(snapshot.context.error ?? '—')
      },
      askingPassword: async (snapshot: BiometricSnapshot) => {
        expect(await screen.findByRole('dialog', { name: 'Turn On Biometric Login' })).toBeVisible()
        const continueButton = inDialog('Continue')
        if (snapshot.can({ type: 'biometric.submit' })) expect(continueButton).toBeEnabled()
        else expect(continueButton).toBeDisabled()
        expect(inDialog('Cancel')).toBeEnabled()
        const typed = (passwordField() as HTMLInputElement).value
        expect(!validatePassword(typed)).toBe(!validatePassword(snapshot.context.password))
        const rule = validatePassword(typed)
        if (rule && touched) expect(await within(dialog()).findByText(rule)).toBeVisible()
        if (snapshot.hasTag('error')) {
          expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
            'The password is not correct.',
          )
        } else {
          expect(within(dialog()).queryByRole('alert')).toBeNull()
        }
      },
      registering: async () => {
        await waitFor(() => expect(inDialog('Continue')).toBeDisabled())
        expect(inDialog('Cancel')).toBeDisabled()
        expect(passwordField()).toHaveAttribute('readonly')
        // The password typed is the one sent, once per Continue.
        expect(setting.gates.createPasskey.inputs.at(-1)).toEqual({ password: PASSWORD })
      },
      'on.idle': async () => {
        await expectNoDialog()
        await expectSwitch(true, true)
        expect(screen.queryByRole('alert')).toBeNull()
        expectFlag()
      },
      'on.failed': async (snapshot: BiometricSnapshot) => {
        await expectSwitch(true, true)
        expect(await screen.findByRole('alert')).toHaveTextContent(snapshot.context.error ?? '—')
      },
      disabling: async () => {
        await expectSwitch(true, false)
        expect(screen.getByLabelText('Working')).toBeVisible()
      },
    },
    events: {
      'biometric.enable': async () => {
        touched = false
        await setting.user.click(toggle())
      },
      'biometric.disable': () => setting.user.click(toggle()),
      'biometric.passwordChanged': async ({ event }: Step) => {
        touched = true
        await setting.user.clear(passwordField())
        await setting.user.type(passwordField(), event.value ?? '')
        await setting.user.tab()
      },
      'biometric.submit': () => setting.user.click(inDialog('Continue')),
      'biometric.cancel': () => setting.user.click(inDialog('Cancel')),
      'xstate.done.actor.listPasskeys': ({ event }: Step) => {
        if ((event.output as Passkey[]).length === 0) flag = false
        setting.gates.listPasskeys.resolve(event.output as Passkey[])
      },
      'xstate.error.actor.listPasskeys': ({ event }: Step) =>
        setting.gates.listPasskeys.reject(event.error),
      'xstate.done.actor.createPasskey': ({ event }: Step) => {
        flag = true
        setting.gates.createPasskey.resolve(event.output as Passkey)
      },
      'xstate.error.actor.createPasskey': ({ event }: Step) =>
        setting.gates.createPasskey.reject(event.error),
      'xstate.done.actor.removeAllPasskeys': ({ event }: Step) => {
        flag = false
        setting.gates.removeAllPasskeys.resolve(event.output as number)
      },
      'xstate.error.actor.removeAllPasskeys': ({ event }: Step) =>
        setting.gates.removeAllPasskeys.reject(event.error),
    },
  }
}

describe('biometric statechart, driving the Biometric Login switch', () => {
  it('reaches every state and takes every transition', () => {
    expect(uncovered(testMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  it('shows each failure’s own text (SPEC.md §8: an error alert with the failure text)', () => {
    const shown = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.error)))
    expect([...shown].filter(Boolean).sort()).toEqual(
      [
        'The server could not be reached. Try Again.',
        'The password is not correct.',
        unverified.message,
      ].sort(),
    )
  })

  for (const path of paths) {
    it(describePath(path), async () => {
      // A stale flag from an earlier passkey: cleared once the server says there is none.
      writeBiometricFlag(true)
      const setting = renderSetting()
      await path.test(drive(setting))
    })
  }
})
