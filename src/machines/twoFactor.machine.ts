import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import { validatePassword } from '../../schema/rules'
import type { User } from '../../schema/user'
import { setTwoFactor } from '../data/api/user'
import { storeUser } from '../data/db/users'
import { isWrongPassword } from './biometric.messages'
import { serverMessage } from './profile.messages'
import type { SessionActor } from './session.machine'

type TwoFactorContext = {
  userId: string
  use2FA: boolean
  /** The account password typed into the dialog; forgotten when the dialog closes. */
  password: string
  /** Why the last change was refused; the switch (or the dialog) shows it. */
  error: string | null
  session: SessionActor | undefined
}

export type TwoFactorEvent =
  | { type: 'twoFactor.turnOn' }
  | { type: 'twoFactor.turnOff' }
  | { type: 'twoFactor.passwordChanged'; value: string }
  | { type: 'twoFactor.submit' }
  | { type: 'twoFactor.cancel' }

export type TwoFactorInput = {
  user: Pick<User, 'id' | 'use2FA'>
  session: SessionActor | undefined
}

const sendTwoFactor = fromPromise<User, { userId: string; use2FA: boolean; password: string }>(
  async ({ input, signal }) => {
    const body = { use2FA: input.use2FA, password: input.password }
    const user = await setTwoFactor(input.userId, body, { signal })
    // The server has the change; a cache that cannot be written is caught up by the sync.
    await storeUser(user).catch(() => undefined)
    return user
  },
)

/**
 * The 'Use 2 Factor Auth' switch (SPEC.md §4). Where the security codes go is guarded like the
 * email address: turning it either way first asks for the account password in a dialog (as the
 * Biometric Login switch does), then sends the change. A wrong password keeps the dialog open with
 * the server's message; any other refusal puts the switch back where it was, with the message.
 */
export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    input: {} as TwoFactorInput,
  },
  actors: { sendTwoFactor },
  guards: {
    isOn: ({ context }) => context.use2FA,
    canSubmit: ({ context }) => !validatePassword(context.password),
    isWrongPassword: (_, error: unknown) => isWrongPassword(error),
  },
  actions: {
    forgetPassword: assign({ password: '' }),
    notifySaved: enqueueActions(({ context, enqueue }, user: User) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'self.updated', changes: user })
    }),
  },
}).createMachine({
  id: 'twoFactor',
  description: 'Turns the second sign-in factor on or off, after the account password.',
  context: ({ input }) => ({
    userId: input.user.id,
    use2FA: input.user.use2FA,
    password: '',
    error: null,
    session: input.session,
  }),
  initial: 'off',
  states: {
    off: {
      description: 'Sign-in asks for the password only.',
      // The account may start with the second factor on.
      always: { guard: 'isOn', target: 'on' },
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
    confirmingOn: {
      description: 'A dialog asks for the account password before turning it on.',
      tags: ['open', 'turningOn'],
      initial: 'editing',
      states: {
        editing: { description: 'Nothing to report.' },
        rejected: { description: 'The password was wrong; the dialog says so.', tags: ['error'] },
      },
      on: {
        'twoFactor.passwordChanged': {
          actions: assign({ password: ({ event }) => event.value }),
          description: 'The person typed in the password field.',
        },
        'twoFactor.submit': {
          guard: 'canSubmit',
          target: 'turningOn',
          description: 'Continue was pressed with a password of valid length.',
        },
        'twoFactor.cancel': {
          target: 'off',
          actions: ['forgetPassword', assign({ error: null })],
          description: 'Cancel, Escape or a click outside: the switch stays where it was.',
        },
      },
    },
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
          actions: [
            'forgetPassword',
            assign({ use2FA: true }),
            { type: 'notifySaved', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: {
              type: 'isWrongPassword',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'confirmingOn.rejected',
            actions: assign({ error: ({ event }) => serverMessage(event.error) }),
          },
          {
            target: 'off.failed',
            actions: [
              'forgetPassword',
              assign({ error: ({ event }) => serverMessage(event.error) }),
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
    confirmingOff: {
      description: 'A dialog asks for the account password before turning it off.',
      tags: ['open', 'checked'],
      initial: 'editing',
      states: {
        editing: { description: 'Nothing to report.' },
        rejected: { description: 'The password was wrong; the dialog says so.', tags: ['error'] },
      },
      on: {
        'twoFactor.passwordChanged': {
          actions: assign({ password: ({ event }) => event.value }),
          description: 'The person typed in the password field.',
        },
        'twoFactor.submit': {
          guard: 'canSubmit',
          target: 'turningOff',
          description: 'Continue was pressed with a password of valid length.',
        },
        'twoFactor.cancel': {
          target: 'on',
          actions: ['forgetPassword', assign({ error: null })],
          description: 'Cancel, Escape or a click outside: the switch stays where it was.',
        },
      },
    },
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
          actions: [
            'forgetPassword',
            assign({ use2FA: false }),
            { type: 'notifySaved', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: {
              type: 'isWrongPassword',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: 'confirmingOff.rejected',
            actions: assign({ error: ({ event }) => serverMessage(event.error) }),
          },
          {
            target: 'on.failed',
            actions: [
              'forgetPassword',
              assign({ error: ({ event }) => serverMessage(event.error) }),
            ],
          },
        ],
      },
    },
  },
})

export type TwoFactorActor = ActorRefFrom<typeof twoFactorMachine>
export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>
