import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { User } from '../../schema/user'
import { setTwoFactor } from '../data/api/user'
import { storeUser } from '../data/db/users'
import { serverMessage } from './profile.messages'
import type { StartupActor } from './startup.machine'

type TwoFactorContext = {
  userId: string
  use2FA: boolean
  /** Why the last change was refused; the switch shows its old position beside it. */
  error: string | null
  startup: StartupActor | undefined
}

export type TwoFactorEvent = { type: 'twoFactor.turnOn' } | { type: 'twoFactor.turnOff' }

export type TwoFactorInput = {
  user: Pick<User, 'id' | 'use2FA'>
  startup: StartupActor | undefined
}

const sendTwoFactor = fromPromise<User, { userId: string; use2FA: boolean }>(
  async ({ input, signal }) => {
    const user = await setTwoFactor(input.userId, { use2FA: input.use2FA }, { signal })
    // The server has the change; a cache that cannot be written is caught up by the sync.
    await storeUser(user).catch(() => undefined)
    return user
  },
)

/**
 * The 'Use 2 Factor Auth' switch (SPEC.md §4: it updates at once and sends the change). While the
 * change is sent the switch is busy; a refusal puts it back where it was, with the server's message.
 */
export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    input: {} as TwoFactorInput,
  },
  actors: { sendTwoFactor },
  guards: { isOn: ({ context }) => context.use2FA },
  actions: {
    notifySaved: enqueueActions(({ context, enqueue }, user: User) => {
      if (context.startup) enqueue.sendTo(context.startup, { type: 'self.updated', changes: user })
    }),
  },
}).createMachine({
  id: 'twoFactor',
  description: 'Turns the second sign-in factor on or off.',
  context: ({ input }) => ({
    userId: input.user.id,
    use2FA: input.user.use2FA,
    error: null,
    startup: input.startup,
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
        'twoFactor.turnOn': { target: 'turningOn', description: 'The switch was turned on.' },
      },
    },
    turningOn: {
      description: 'The server turns the second factor on; the switch shows it on and busy.',
      tags: ['busy', 'checked'],
      entry: assign({ error: null }),
      invoke: {
        id: 'turnOn',
        src: 'sendTwoFactor',
        input: ({ context }) => ({ userId: context.userId, use2FA: true }),
        onDone: {
          target: 'on',
          actions: [
            assign({ use2FA: true }),
            { type: 'notifySaved', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'off.failed',
          actions: assign({ error: ({ event }) => serverMessage(event.error) }),
        },
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
        'twoFactor.turnOff': { target: 'turningOff', description: 'The switch was turned off.' },
      },
    },
    turningOff: {
      description: 'The server turns the second factor off; the switch shows it off and busy.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'turnOff',
        src: 'sendTwoFactor',
        input: ({ context }) => ({ userId: context.userId, use2FA: false }),
        onDone: {
          target: 'off',
          actions: [
            assign({ use2FA: false }),
            { type: 'notifySaved', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'on.failed',
          actions: assign({ error: ({ event }) => serverMessage(event.error) }),
        },
      },
    },
  },
})

export type TwoFactorActor = ActorRefFrom<typeof twoFactorMachine>
export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>
