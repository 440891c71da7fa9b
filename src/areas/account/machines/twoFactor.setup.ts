/**
 * The two-factor switch's vocabulary and effects: its context, events and input, the password
 * dialog it repeats for either direction, and the one `setup` (actors, guards, actions) the chart
 * builds on (twoFactor.machine.ts).
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import { validatePassword } from '../../../../schema/rules'
import type { User } from '../../../../schema/user'
import { setTwoFactor } from '../../../data/api/user'
import { storeUser } from '../../../data/db/users'
import { isWrongPassword } from './biometric.messages'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { twoFactorNotices } from './profile.messages'
import { notify, tellSession } from '../../../kit/machines/system'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'

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
export const passwordStep = (what: string, sending: string, back: string) =>
  ({
    description: `A dialog asks for the account password before turning it ${what}.`,
    ...quietOrFailed('editing', 'rejected', {
      failed: 'The password was wrong; the dialog says so.',
    }),
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

/** The chart's implementations; twoFactor.machine.ts builds the chart on them. */
export const twoFactorSetup = setup({
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
})
