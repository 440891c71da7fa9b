import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { passwordStep, twoFactorSetup } from './twoFactor.setup'
import { settledOrFailed } from '../../../kit/machines/settledOrFailed'

export type { TwoFactorEvent, TwoFactorInput } from './twoFactor.setup'

type Failure = { event: { error: unknown } }
const failure = ({ event }: Failure) => event.error

/**
 * The server turns the second factor on or off (`use2FA`) with the password typed: `done` with
 * its notice; a wrong password reopens the dialog (`wrongPassword`) with why; any other refusal
 * forgets the password, says why under the switch (`refused`) and sends its notice.
 */
const sendingState = (spec: {
  id: 'turnOn' | 'turnOff'
  use2FA: boolean
  description: string
  tags: string[]
  done: { target: 'on' | 'off'; description: string; notice: 'notifyOn' | 'notifyOff' }
  wrongPassword: 'confirmingOn.rejected' | 'confirmingOff.rejected'
  refused: {
    target: 'off.failed' | 'on.failed'
    description: string
    notice: 'notifyNotOn' | 'notifyNotOff'
  }
}) =>
  twoFactorSetup.createStateConfig({
    description: spec.description,
    tags: spec.tags,
    entry: assign({ error: null }),
    invoke: {
      id: spec.id,
      src: 'sendTwoFactor',
      input: ({ context }) => ({
        userId: context.userId,
        use2FA: spec.use2FA,
        password: context.password,
      }),
      onDone: {
        target: spec.done.target,
        description: spec.done.description,
        actions: [{ type: 'saved', params: ({ event }) => event.output }, spec.done.notice],
      },
      onError: [
        {
          guard: { type: 'isWrongPassword', params: failure },
          target: spec.wrongPassword,
          description:
            'The server refused the password: the dialog says so, where the person can try again.',
          actions: { type: 'refused', params: failure },
        },
        {
          target: spec.refused.target,
          description: spec.refused.description,
          actions: ['forgetPassword', { type: 'refused', params: failure }, spec.refused.notice],
        },
      ],
    },
  })

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
  meta: { spec: ['§2.8', '§4.5'] },
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
      ...settledOrFailed('Turning it on was refused.'),
      on: {
        'twoFactor.turnOn': {
          target: 'confirmingOn',
          actions: assign({ password: '', error: null }),
          description: 'The switch was turned on: first the account password.',
        },
      },
    },
    confirmingOn: { ...passwordStep('on', 'turningOn', 'off'), tags: ['open', 'turningOn'] },
    turningOn: sendingState({
      id: 'turnOn',
      use2FA: true,
      description: 'The server turns the second factor on; the switch shows it on and busy.',
      tags: ['busy', 'checked', 'open', 'turningOn'],
      done: {
        target: 'on',
        description: "The server turned it on: '2 Factor Auth is on'.",
        notice: 'notifyOn',
      },
      wrongPassword: 'confirmingOn.rejected',
      refused: {
        target: 'off.failed',
        description:
          "The server refused it: '2 Factor Auth was not turned on: …', under the switch too.",
        notice: 'notifyNotOn',
      },
    }),
    on: {
      description: 'Sign-in also asks for a security code sent to the phone.',
      tags: ['checked'],
      ...settledOrFailed('Turning it off was refused.'),
      on: {
        'twoFactor.turnOff': {
          target: 'confirmingOff',
          actions: assign({ password: '', error: null }),
          description: 'The switch was turned off: first the account password.',
        },
      },
    },
    confirmingOff: { ...passwordStep('off', 'turningOff', 'on'), tags: ['open', 'checked'] },
    turningOff: sendingState({
      id: 'turnOff',
      use2FA: false,
      description: 'The server turns the second factor off; the switch shows it off and busy.',
      tags: ['busy', 'open'],
      done: {
        target: 'off',
        description: "The server turned it off: '2 Factor Auth is off'.",
        notice: 'notifyOff',
      },
      wrongPassword: 'confirmingOff.rejected',
      refused: {
        target: 'on.failed',
        description:
          "The server refused it: '2 Factor Auth was not turned off: …', under the switch too.",
        notice: 'notifyNotOff',
      },
    }),
  },
})

export type TwoFactorActor = ActorRefFrom<typeof twoFactorMachine>
export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>
