import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { User } from '../../../../schema/user'
import { setTwoFactor } from '../../../data/api/user'
import { removePasskeys, userAction } from '../../../data/api/users'
import { revokeUserSessions } from '../../../data/api/sessions'
import { storeUser } from '../../../data/db/users'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
import { notify, pullNow } from '../../../kit/machines/system'
import {
  statusDoneNotice,
  statusFailedNotice,
  type StatusAction,
  type StatusOutcome,
} from './userStatus.messages'

export type { StatusAction } from './userStatus.messages'

/** What the Status section needs of the user: who, and what applies now. */
export type StatusUser = Pick<
  User,
  | 'id'
  | 'nameFirst'
  | 'nameLast'
  | 'email'
  | 'locked'
  | 'disabled'
  | 'mustChangePassword'
  | 'use2FA'
  | 'passkeys'
>

type StatusContext = {
  user: StatusUser
  /** The action asked for (its dialog), or the last one done. */
  action: StatusAction | null
  outcome: StatusOutcome
  /** Why the last action failed, in its dialog. */
  error: string | null
}

export type StatusEvent =
  | { type: 'status.request'; action: StatusAction }
  | { type: 'status.confirm' }
  | { type: 'status.cancel' }

export type StatusInput = { user: StatusUser }

/** What an action answered: the user as changed (none for Revoke all), and what it reports. */
export type StatusResult = { user: User | null; outcome: StatusOutcome }

/** Whether an action applies to the user as they are: Lock when not locked, Unlock when locked… */
export function applies(action: StatusAction, user: StatusUser): boolean {
  switch (action) {
    case 'lock':
      return !user.locked
    case 'unlock':
      return user.locked
    case 'disable':
      return !user.disabled
    case 'enable':
      return user.disabled
    case 'require-password-change':
      return !user.mustChangePassword
    case 'mfa-off':
      return user.use2FA
    case 'remove-passkeys':
      return user.passkeys > 0
    case 'reset-link':
    case 'revoke-sessions':
      return true
  }
}

/** Each action's server call; the answered user is kept in the cache by the calls themselves. */
async function perform(
  userId: string,
  action: StatusAction,
  signal: AbortSignal,
): Promise<StatusResult> {
  switch (action) {
    case 'mfa-off': {
      const user = await setTwoFactor(userId, { use2FA: false }, { signal })
      await storeUser(user).catch(() => undefined)
      return { user, outcome: {} }
    }
    case 'remove-passkeys': {
      const results = await removePasskeys(userId, { signal })
      return { user: results.user, outcome: { removed: results.removed } }
    }
    case 'revoke-sessions':
      return { user: null, outcome: { removed: await revokeUserSessions(userId, { signal }) } }
    default:
      return { user: await userAction(userId, action, { signal }), outcome: {} }
  }
}

const named = (user: StatusUser) => ({
  name: `${user.nameFirst} ${user.nameLast}`,
  email: user.email,
})

const dialog = confirmDialog({
  confirm: 'status.confirm',
  cancel: 'status.cancel',
  acting: 'working',
  back: 'idle',
  says: {
    asking: "The action's alertdialog ('Lock Ada Lovelace?') with Cancel and the action.",
    confirmed: "The dialog's action was pressed.",
    cancelled: 'Cancel was pressed (or Escape, or a click outside).',
    failed: "The action failed; the dialog shows the server's message and offers it again.",
    again: "The dialog's action was pressed again.",
    gaveUp: 'Cancel was pressed: the person gave up.',
  },
})

/**
 * A user's status actions (the Users detail's Status section, and Revoke all in Sessions): each
 * asks first (an alertdialog named after it), then calls the server; a notice says what was done
 * ('Ada Lovelace was unlocked. A password reset email was sent.'), or the dialog says why not.
 * The view starts it afresh when the cache's copy of the user's status changes.
 */
export const userStatusMachine = setup({
  types: {
    context: {} as StatusContext,
    events: {} as StatusEvent,
    input: {} as StatusInput,
  },
  actors: {
    performAction: fromPromise<StatusResult, { userId: string; action: StatusAction }>(
      ({ input, signal }) => perform(input.userId, input.action, signal),
    ),
  },
  guards: {
    applies: ({ context }, action: StatusAction) => applies(action, context.user),
  },
  actions: {
    // Revoke all: the sync pulls sessions at once instead of waiting for the change notice.
    pullSessions: pullNow(['sessions'], ({ context }) => context.action === 'revoke-sessions'),
    notifyDone: notify(({ context }: { context: StatusContext }) =>
      context.action
        ? statusDoneNotice(context.action, named(context.user), context.outcome)
        : null,
    ),
    notifyFailed: notify(({ context }: { context: StatusContext }) =>
      context.action
        ? statusFailedNotice(context.action, named(context.user), context.error)
        : null,
    ),
  },
}).createMachine({
  id: 'userStatus',
  description: "A user's status actions, each after a confirmation.",
  context: ({ input }) => ({ user: input.user, action: null, outcome: {}, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The buttons that apply to the user, no dialog.',
      on: {
        'status.request': {
          guard: { type: 'applies', params: ({ event }) => event.action },
          target: 'confirming',
          description: 'An action button was pressed (one that applies to the user now).',
          actions: assign({ action: ({ event }) => event.action, error: null }),
        },
      },
    },
    confirming: dialog.confirming,
    working: {
      description: 'The server does it; the dialog waits with its buttons off.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'performAction',
        src: 'performAction',
        input: ({ context }) => ({
          userId: context.user.id,
          action: context.action ?? 'reset-link',
        }),
        onDone: {
          target: 'done',
          description: "The server did it: a notice says what ('Ada Lovelace was locked.').",
          actions: [
            assign(({ context, event }) => ({
              user: event.output.user ?? context.user,
              outcome: event.output.outcome,
            })),
            'pullSessions',
            'notifyDone',
          ],
        },
        onError: {
          target: 'failed',
          description: 'The server refused (a guard rail, or an error): the dialog says why.',
          actions: [assign({ error: ({ event }) => serverMessage(event.error) }), 'notifyFailed'],
        },
      },
    },
    failed: dialog.failed,
    done: {
      description: 'Done; the notice says what happened until the next action.',
      tags: ['done'],
      on: {
        'status.request': {
          guard: { type: 'applies', params: ({ event }) => event.action },
          target: 'confirming',
          description: 'Another action button was pressed.',
          actions: assign({ action: ({ event }) => event.action, error: null, outcome: {} }),
        },
      },
    },
  },
})

export type UserStatusActor = ActorRefFrom<typeof userStatusMachine>
export type UserStatusSnapshot = SnapshotFrom<typeof userStatusMachine>
