import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import type { Passkey } from '../../../schema/passkeys'
import { validatePassword } from '../../../schema/rules'
import { readBiometricFlag, writeBiometricFlag } from '../../../src/data/prefs/biometric'
import { biometricPaths, PASSWORD, unverified } from '../../../src/areas/account/paths/biometric.paths'
import { buildPaths, coverageOf } from '../../../src/flows/model'
import { biometricMachine, type BiometricSnapshot } from '../../../src/areas/account/machines/biometric.machine'
import { AppTheme } from '../../../src/areas/shell/views/AppTheme'
import { BiometricSetting } from '../../../src/areas/account/views/passkeys/BiometricSetting'
import { testSession, WithSession } from '../../setup/session'
import { selfUser } from '../../setup/fixtures'
import { Gate } from '../../setup/gate'
import { describePath } from '../describePath'
import { viewCoverage } from '../viewCoverage'

const { paths } = buildPaths(biometricPaths)
const view = viewCoverage(biometricPaths)

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
  it('takes only steps the production machine takes', () => {
    expect(coverageOf(biometricPaths.machine, [{ input: undefined, paths }]).refused).toEqual([])
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
      await view.drive(path, drive(setting))
    })
  }
})
