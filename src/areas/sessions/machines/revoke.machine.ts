import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { revokeSession } from '../../../data/api/sessions'
import { notRevokedNotice, revokedNotice, revokeFailureText } from './revoke.messages'
import { confirmDialog } from '../../../kit/machines/confirmDialog'
import { notify, pullNow } from '../../../kit/machines/system'

/** The session a revoke is about: its id, and the user's name for the texts. */
export type RevokeTarget = { id: string; name: string }

export type RevokeContext = {
  target: RevokeTarget | null
  /** Why the last revoke failed, in words for the dialog. */
  error: string | null
}

export type RevokeEvent =
  | { type: 'revoke.request'; target: RevokeTarget }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' }

const dialog = confirmDialog({
  confirm: 'revoke.confirm',
  cancel: 'revoke.cancel',
  acting: 'revoking',
  back: 'idle',
  says: {
    asking: "'Are you sure you want to revoke this session?' with Cancel and Revoke.",
    confirmed: 'Revoke was pressed.',
    cancelled: 'Cancel was pressed (or Escape, or a click outside).',
    failed: 'The revoke failed; the dialog says why and offers Revoke again.',
    again: 'Revoke was pressed again.',
    gaveUp: 'Cancel was pressed: the person gave up.',
  },
})

/**
 * Revoking a session (a confirmation shaped like SPEC.md §2 'Delete confirmation dialog'): ask, then call the server; the
 * dialog is open while the chart is tagged 'open'. Revoking one's own session ends it: the pull
 * that follows answers 401 and the console returns to the login.
 */
export const revokeMachine = setup({
  types: {
    context: {} as RevokeContext,
    events: {} as RevokeEvent,
  },
  actors: {
    revokeSession: fromPromise<void, { id: string }>(({ input, signal }) =>
      revokeSession(input.id, { signal }),
    ),
  },
  actions: {
    // The session's sync pulls sessions at once instead of waiting for the change notice.
    pullSessions: pullNow(['sessions']),
    notifyRevoked: notify(({ context }: { context: RevokeContext }) =>
      revokedNotice(context.target?.name ?? ''),
    ),
    notifyNotRevoked: notify(({ context }: { context: RevokeContext }) =>
      notRevokedNotice(context.target?.name ?? '', context.error),
    ),
  },
}).createMachine({
  id: 'revoke',
  description: 'Revokes one session after a confirmation.',
  context: { target: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The Sessions list, no dialog.',
      on: {
        'revoke.request': {
          target: 'confirming',
          actions: assign({ target: ({ event }) => event.target, error: null }),
          description: "A row's Revoke button was pressed.",
        },
      },
    },
    confirming: dialog.confirming,
    revoking: {
      description: 'The server ends the session; the dialog waits with its buttons off.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ id: context.target?.id ?? '' }),
        onDone: {
          target: 'done',
          description:
            "The server ended the session: the sync pulls sessions at once; a notice says 'Session of {name} revoked'.",
          actions: ['pullSessions', 'notifyRevoked'],
        },
        onError: {
          target: 'failed',
          description:
            "The server refused: a notice says 'Session of {name} not revoked', and why.",
          actions: [
            assign({ error: ({ event }) => revokeFailureText(event.error) }),
            'notifyNotRevoked',
          ],
        },
      },
    },
    failed: dialog.failed,
    done: {
      description: 'Revoked; a notice says so until the next revoke.',
      // 'revoked': the page says whose session went (context.target).
      tags: ['revoked'],
      on: {
        'revoke.request': {
          target: 'confirming',
          actions: assign({ target: ({ event }) => event.target, error: null }),
          description: 'Another Revoke button was pressed.',
        },
      },
    },
  },
})

export type RevokeActor = ActorRefFrom<typeof revokeMachine>
export type RevokeSnapshot = SnapshotFrom<typeof revokeMachine>
