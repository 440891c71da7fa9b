import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import { validatePassword } from '../../../../schema/rules'
import type { User } from '../../../../schema/user'
import { setTwoFactor } from '../../../data/api/user'
import { storeUser } from '../../../data/db/users'
import { isWrongPassword } from './biometric.messages'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { twoFactorNotices } from './profile.messages'
import { notify, tellSession } from '../../../kit/machines/system'

type TwoFactorContext = {
  userId: string
  use2FA: boolean
  /** The account password typed into the dialog; forgotten when the dialog closes. */
  password: string
  /** Why the last change was refused; the switch (or the dialog) shows it. */
  error: string | null
}

export type TwoFactorEvent =
  | { type: 'twoFactor.turnOn' }
  | { type: 'twoFactor.turnOff' }
  | { type: 'twoFactor.passwordChanged'; value: string }
  | { type: 'twoFactor.submit' }
  | { type: 'twoFactor.cancel' }

export type TwoFactorInput = { user: Pick<User, 'id' | 'use2FA'> }

const sendTwoFactor = fromPromise<User, { userId: string; use2FA: boolean; password: string }>(
  ({ input, signal }) =>
    setTwoFactor(input.userId, { use2FA: input.use2FA, password: input.password }, { signal }),
)

type Notice = { context: TwoFactorContext }

/**
 * The dialog that asks for the account password before the switch moves either way: `sending` is
 * the state that sends the change, `back` the side the switch stays on when the person gives up.
 */
const passwordStep = (what: string, sending: string, back: string) =>
  ({
    description: `A dialog asks for the account password before turning it ${what}.`,
    initial: 'editing',
    states: {
      editing: { description: 'Nothing to report.' },
      rejected: { description: 'The password was wrong; the dialog says so.', tags: ['error'] },
    },
    on: {
      'twoFactor.passwordChanged': {
        actions: 'setPassword',
        description: 'The password was typed.',
      },
      'twoFactor.submit': {
        guard: 'canSubmit',
        target: sending,
        description: 'Continue was pressed with a password of valid length.',
      },
      'twoFactor.cancel': {
        target: back,
        actions: ['forgetPassword', 'clearError'],
        description: 'Cancel, Escape or a click outside: the switch stays where it was.',
      },
    },
  }) as const

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
    clearError: assign({ error: null }),
    setPassword: assign({
      password: ({ event }) => (event.type === 'twoFactor.passwordChanged' ? event.value : ''),
    }),
    // The server has the change; a cache that cannot be written is caught up by the sync.
    keepUser: (_, user: User) => void storeUser(user).catch(() => undefined),
    // Kept, and told to the session actor, which merges the change into the signed-in user.
    saved: enqueueActions(({ enqueue }, user: User) => {
      enqueue.assign({ use2FA: user.use2FA, password: '' })
      // By name (enqueue's types know only XState's own actions here): a replay with effects
      // stubbed (the Flows page) replaces it, so showing a path writes nothing to the cache.
      enqueue({ type: 'keepUser', params: user } as never)
      enqueue(tellSession(() => ({ type: 'self.updated', changes: user })))
    }),
    refused: assign((_, error: unknown) => ({ error: serverMessage(error) })),
    notifyOn: notify(twoFactorNotices.on),
    notifyNotOn: notify(({ context }: Notice) => twoFactorNotices.notOn(context.error)),
    notifyOff: notify(twoFactorNotices.off),
    notifyNotOff: notify(({ context }: Notice) => twoFactorNotices.notOff(context.error)),
  },
}).createMachine({
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
