import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { UserFactor } from '../../../../schema/factors'
import type { User } from '../../../../schema/user'
import { listUserFactors, resetUserFactors } from '../../../data/api/staffFactors'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { notify } from '../../../kit/machines/system'
import { canReset, resetDoneNotice, resetFailedNotice, type Named } from './userFactors.messages'

/** Who the section is about: the id to ask for, the name and address its words use. */
export type FactorsUser = Pick<User, 'id' | 'nameFirst' | 'nameLast' | 'email'>

type FactorsContext = {
  user: FactorsUser
  /** As last read; null until the first read answers. */
  factors: UserFactor[] | null
  /** Why the last read or reset failed, in words. */
  error: string | null
}

export type FactorsEvent =
  | { type: 'factors.retry' }
  | { type: 'factors.reset' }
  | { type: 'factors.confirm' }
  | { type: 'factors.cancel' }

export type FactorsInput = { user: FactorsUser }

const named = ({ user }: FactorsContext): Named => ({
  name: `${user.nameFirst} ${user.nameLast}`,
  email: user.email,
})

const dialog = confirmDialog({
  confirm: 'factors.confirm',
  cancel: 'factors.cancel',
  acting: 'resetting',
  back: 'ready',
  says: {
    asking:
      "The alertdialog 'Reset the second factors of Grace Hopper?' says what goes and that passkeys stay.",
    confirmed: "The dialog's 'Reset second factors' was pressed.",
    cancelled: 'Cancel was pressed (or Escape, or a click outside): nothing changed.',
    failed: "The reset failed; the dialog shows the server's message and offers it again.",
    again: "The dialog's 'Reset second factors' was pressed again.",
    gaveUp: 'Cancel was pressed: the person gave up.',
  },
})

/**
 * A user's second factors in the Users detail (issue 28): read from the server (they are not
 * synced), and 'Reset second factors' after a confirmation. A reset takes the authenticator app,
 * the recovery codes and text-message codes (passkeys stay); the server audits it and mails the
 * owner, a notice says so, and the list is read again.
 */
export const userFactorsMachine = setup({
  types: {
    context: {} as FactorsContext,
    events: {} as FactorsEvent,
    input: {} as FactorsInput,
  },
  actors: {
    loadFactors: fromPromise<UserFactor[], { userId: string }>(({ input, signal }) =>
      listUserFactors(input.userId, { signal }),
    ),
    resetFactors: fromPromise<User, { userId: string }>(({ input, signal }) =>
      resetUserFactors(input.userId, { signal }),
    ),
  },
  guards: {
    canReset: ({ context }) => canReset(context.factors ?? []),
  },
  actions: {
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
    notifyReset: notify(({ context }: { context: FactorsContext }) =>
      resetDoneNotice(named(context)),
    ),
    notifyNotReset: notify(({ context }: { context: FactorsContext }) =>
      resetFailedNotice(context.error),
    ),
  },
}).createMachine({
  id: 'userFactors',
  description: "A user's second factors, and their reset after a confirmation.",
  context: ({ input }) => ({ user: input.user, factors: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "The factors are read from the server; 'Loading second factors…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'loadFactors',
        src: 'loadFactors',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: {
          target: 'ready',
          description: "The server answered: each factor shows, or 'No second factor'.",
          actions: assign({ factors: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          description: 'The read failed: the reason and Retry show.',
          actions: 'recordError',
        },
      },
    },
    failed: {
      description: "'The second factors could not be read' with the reason and Retry.",
      tags: ['error'],
      on: { 'factors.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ready: {
      description:
        "Each factor with when it was enrolled and last used; 'Reset second factors' when one of them can go.",
      on: {
        'factors.reset': {
          guard: 'canReset',
          target: 'confirming',
          description:
            "'Reset second factors' was pressed (the user has an app, codes or text messages).",
        },
      },
    },
    confirming: dialog.confirming,
    resetting: {
      description: 'The server resets the factors; the dialog waits with its buttons off.',
      tags: ['open', 'busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'resetFactors',
        src: 'resetFactors',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: {
          target: 'loading',
          description:
            'The server reset them and mailed the owner: a notice says so, and the factors are read again.',
          actions: 'notifyReset',
        },
        onError: {
          target: 'resetFailed',
          description: 'The server refused (or could not be reached): the dialog says why.',
          actions: ['recordError', 'notifyNotReset'],
        },
      },
    },
    resetFailed: dialog.failed,
  },
})

export type UserFactorsActor = ActorRefFrom<typeof userFactorsMachine>
export type UserFactorsSnapshot = SnapshotFrom<typeof userFactorsMachine>
