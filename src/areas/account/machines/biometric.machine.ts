import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Passkey } from '../../../../schema/passkeys'
import { validatePassword } from '../../../../schema/rules'
import { listPasskeys, removeAllPasskeys } from '../../../data/api/passkeys'
import { writeBiometricFlag } from '../../../data/prefs/biometric'
import { createPasskey, isCeremonyCancelled } from '../../../data/webauthn/ceremonies'
import { biometricFailureText, biometricNotices, isWrongPassword } from './biometric.messages'
import { notify } from '../../../kit/machines/system'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'

type BiometricContext = {
  /** The account password typed into the dialog; forgotten when the dialog closes. */
  password: string
  /** The failure to show, until the next attempt. */
  error: string | null
}

export type BiometricEvent =
  | { type: 'biometric.enable' }
  | { type: 'biometric.passwordChanged'; value: string }
  | { type: 'biometric.submit' }
  | { type: 'biometric.cancel' }
  | { type: 'biometric.disable' }

type Notice = { context: BiometricContext }
type Failure = { event: { error: unknown } }

/**
 * The Profile screen's 'Biometric Login' switch (SPEC.md §2 'Profile', §8). On means the account
 * has passkeys. Turning it on asks for the account password, then the browser creates a passkey
 * on this device; turning it off removes every passkey of the account.
 */
export const biometricMachine = setup({
  types: {
    context: {} as BiometricContext,
    events: {} as BiometricEvent,
  },
  actors: {
    listPasskeys: fromPromise<Passkey[]>(({ signal }) => listPasskeys({ signal })),
    // The browser's passkey prompt runs inside this actor, between the two server calls.
    createPasskey: fromPromise<Passkey, { password: string }>(({ input, signal }) =>
      createPasskey(input.password, { signal }),
    ),
    removeAllPasskeys: fromPromise<number>(({ signal }) => removeAllPasskeys({ signal })),
  },
  guards: {
    hasPasskeys: (_, output: Passkey[]) => output.length > 0,
    canSubmit: ({ context }) => !validatePassword(context.password),
    isWrongPassword: (_, error: unknown) => isWrongPassword(error),
    isCancelled: (_, error: unknown) => isCeremonyCancelled(error),
  },
  actions: {
    rememberDevice: () => writeBiometricFlag(true),
    forgetDevice: () => writeBiometricFlag(false),
    forgetPassword: assign({ password: '' }),
    failed: assign((_, error: unknown) => ({ error: biometricFailureText(error) })),
    notifyNotChecked: notify(({ context }: Notice) => biometricNotices.notChecked(context.error)),
    notifyOn: notify(biometricNotices.on),
    notifyNotOn: notify(({ context }: Notice) => biometricNotices.notOn(context.error)),
    notifyOff: notify(biometricNotices.off),
    notifyNotOff: notify(({ context }: Notice) => biometricNotices.notOff(context.error)),
  },
}).createMachine({
  id: 'biometric',
  meta: { spec: ['§2.8'] },
  description: "The 'Biometric Login' switch: passkeys on or off for the account.",
  context: { password: '', error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Asks the server whether the account has passkeys.',
      tags: ['busy'],
      invoke: {
        id: 'listPasskeys',
        src: 'listPasskeys',
        onDone: [
          {
            guard: { type: 'hasPasskeys', params: ({ event }) => event.output },
            target: 'on',
            description: 'The account has passkeys: the switch shows on.',
          },
          {
            target: 'off',
            // No passkey anywhere: this browser cannot hold one either.
            actions: 'forgetDevice',
            description: 'The account has no passkey: the switch shows off.',
          },
        ],
        onError: {
          target: 'off.failed',
          description: "The check failed: 'Biometric Login could not be checked: …'.",
          actions: [
            { type: 'failed', params: ({ event }: Failure) => event.error },
            'notifyNotChecked',
          ],
        },
      },
    },
    off: {
      description: 'The switch is off.',
      ...quietOrFailed('idle', 'failed', { failed: 'The last attempt failed; its text shows.' }),
      on: {
        'biometric.enable': {
          target: 'askingPassword',
          actions: assign({ password: '', error: null }),
          description: 'The switch was turned on: first the account password.',
        },
      },
    },
    askingPassword: {
      description: 'A dialog asks for the account password.',
      tags: ['open'],
      ...quietOrFailed('editing', 'rejected', {
        failed: 'The password was wrong; the dialog says so.',
      }),
      on: {
        'biometric.passwordChanged': {
          actions: assign({ password: ({ event }) => event.value }),
          description: 'The password was typed.',
        },
        'biometric.submit': {
          guard: 'canSubmit',
          target: 'registering',
          description: 'Continue was pressed with a password of valid length.',
        },
        'biometric.cancel': {
          target: 'off',
          actions: ['forgetPassword', assign({ error: null })],
          description: 'Cancel, Escape or a click outside: the switch stays off.',
        },
      },
    },
    registering: {
      description:
        "The server checks the password, the browser creates a passkey (this device's fingerprint, face or screen lock) and the server stores it.",
      tags: ['open', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'createPasskey',
        src: 'createPasskey',
        input: ({ context }) => ({ password: context.password }),
        onDone: {
          target: 'on',
          description: "A passkey was made here: 'Biometric Login is on for this device'.",
          actions: ['forgetPassword', 'rememberDevice', 'notifyOn'],
        },
        onError: [
          {
            guard: {
              type: 'isWrongPassword',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'askingPassword.rejected',
            description: 'The server refused the password: the dialog says so.',
            actions: { type: 'failed', params: ({ event }: Failure) => event.error },
          },
          {
            guard: {
              type: 'isCancelled',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'off',
            actions: 'forgetPassword',
            description: 'The person cancelled the browser’s prompt: nothing to report.',
          },
          {
            target: 'off.failed',
            description: "Any other failure: 'Biometric Login was not turned on: …'.",
            actions: [
              'forgetPassword',
              { type: 'failed', params: ({ event }: Failure) => event.error },
              'notifyNotOn',
            ],
          },
        ],
      },
    },
    on: {
      description: 'The switch is on: the account has passkeys.',
      tags: ['checked'],
      ...quietOrFailed('idle', 'failed', { failed: 'Turning it off failed; its text shows.' }),
      on: {
        'biometric.disable': {
          target: 'disabling',
          description: 'The switch was turned off: every passkey of the account goes.',
        },
      },
    },
    disabling: {
      description: 'The server removes the passkeys.',
      tags: ['checked', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'removeAllPasskeys',
        src: 'removeAllPasskeys',
        onDone: {
          target: 'off',
          description: "Every passkey went: 'Biometric Login is off; your passkeys were removed'.",
          actions: ['forgetDevice', 'notifyOff'],
        },
        onError: {
          target: 'on.failed',
          description: "The server refused it: 'Biometric Login was not turned off: …'.",
          actions: [
            { type: 'failed', params: ({ event }: Failure) => event.error },
            'notifyNotOff',
          ],
        },
      },
    },
  },
})

export type BiometricActor = ActorRefFrom<typeof biometricMachine>
export type BiometricSnapshot = SnapshotFrom<typeof biometricMachine>
