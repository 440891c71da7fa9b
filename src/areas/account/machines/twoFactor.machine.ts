import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { passwordStep, twoFactorSetup } from './twoFactor.setup'

export type { TwoFactorEvent, TwoFactorInput } from './twoFactor.setup'

/**
 * The 'Use 2 Factor Auth' switch (SPEC.md §4). Where the security codes go is guarded like the
 * email address: turning it either way first asks for the account password in a dialog (as the
 * Biometric Login switch does), then sends the change. A wrong password keeps the dialog open with
 * the server's message; any other refusal puts the switch back where it was, with the message.
 *
 * The context, events, actors, guards, actions and the password dialog are in twoFactor.setup.ts.
 */
export const twoFactorMachine = twoFactorSetup.createMachine({
  id: 'twoFactor',
  description: 'Turns the second sign-in factor on or off, after the account password.',
  context: ({ input }) => ({
    userId: input.user.id,
    use2FA: input.user.use2FA,
    password: '',
    error: null,
  }),
  initial: 'off',
  states: {
    off: {
      description: 'Sign-in asks for the password only.',
      // The account may start with the second factor on.
      always: {
        guard: 'isOn',
        target: 'on',
        description: 'The account already uses two factors: the switch opens on.',
      },
      initial: 'settled',
      states: {
        settled: { description: 'Nothing to report.' },
        failed: { description: 'Turning it on was refused.', tags: ['error'] },
      },
      on: {
        'twoFactor.turnOn': {
          target: 'confirmingOn',
          actions: assign({ password: '', error: null }),
          description: 'The switch was turned on: first the account password.',
        },
      },
    },
    confirmingOn: { ...passwordStep('on', 'turningOn', 'off'), tags: ['open', 'turningOn'] },
    turningOn: {
      description: 'The server turns the second factor on; the switch shows it on and busy.',
      tags: ['busy', 'checked', 'open', 'turningOn'],
      entry: assign({ error: null }),
      invoke: {
        id: 'turnOn',
        src: 'sendTwoFactor',
        input: ({ context }) => ({
          userId: context.userId,
          use2FA: true,
          password: context.password,
        }),
        onDone: {
          target: 'on',
          description: "The server turned it on: '2 Factor Auth is on'.",
          actions: [{ type: 'saved', params: ({ event }) => event.output }, 'notifyOn'],
        },
        onError: [
          {
            guard: {
              type: 'isWrongPassword',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'confirmingOn.rejected',
            description:
              'The server refused the password: the dialog says so, where the person can try again.',
            actions: {
              type: 'refused',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          },
          {
            target: 'off.failed',
            description:
              "The server refused it: '2 Factor Auth was not turned on: …', under the switch too.",
            actions: [
              'forgetPassword',
              {
                type: 'refused',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
              'notifyNotOn',
            ],
          },
        ],
      },
    },
    on: {
      description: 'Sign-in also asks for a security code sent to the phone.',
      tags: ['checked'],
      initial: 'settled',
      states: {
        settled: { description: 'Nothing to report.' },
        failed: { description: 'Turning it off was refused.', tags: ['error'] },
      },
      on: {
        'twoFactor.turnOff': {
          target: 'confirmingOff',
          actions: assign({ password: '', error: null }),
          description: 'The switch was turned off: first the account password.',
        },
      },
    },
    confirmingOff: { ...passwordStep('off', 'turningOff', 'on'), tags: ['open', 'checked'] },
    turningOff: {
      description: 'The server turns the second factor off; the switch shows it off and busy.',
      tags: ['busy', 'open'],
      entry: assign({ error: null }),
      invoke: {
        id: 'turnOff',
        src: 'sendTwoFactor',
        input: ({ context }) => ({
          userId: context.userId,
          use2FA: false,
          password: context.password,
        }),
        onDone: {
          target: 'off',
          description: "The server turned it off: '2 Factor Auth is off'.",
          actions: [{ type: 'saved', params: ({ event }) => event.output }, 'notifyOff'],
        },
        onError: [
          {
            guard: {
              type: 'isWrongPassword',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'confirmingOff.rejected',
            description:
              'The server refused the password: the dialog says so, where the person can try again.',
            actions: {
              type: 'refused',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          },
          {
            target: 'on.failed',
            description:
              "The server refused it: '2 Factor Auth was not turned off: …', under the switch too.",
            actions: [
              'forgetPassword',
              {
                type: 'refused',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
              'notifyNotOff',
            ],
          },
        ],
      },
    },
  },
})

export type TwoFactorActor = ActorRefFrom<typeof twoFactorMachine>
export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>
