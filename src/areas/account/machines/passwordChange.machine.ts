import {
  assign,
  fromPromise,
  enqueueActions,
  setup,
  type ActorRefFrom,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate'
import type { PasswordChangeBody } from '../../../../schema/password'
import { validatePassword } from '../../../../schema/rules'
import { validateNewPassword } from '../../../../schema/new-password'
import type { SelfUser } from '../../../../schema/user'
import { changePassword } from '../../../data/api/password'
import { fetchSelf } from '../../../data/api/self'
import { changeFailureMessage, passwordNotices } from '../../../kit/machines/password.messages'
import { validateRepeat, type NewPasswordFields } from '../../../kit/machines/password.rules'
import { notify, SYSTEM_ID, tellSession } from '../../../kit/machines/system'
import type { PasswordLeftEvent } from '../../../kit/session/passwordExpiry.machine'
import { finalState } from '../../../kit/machines/finalState'
import type { FieldEvent } from '../../../kit/machines/fieldEvent'

/** SPEC.md §9: the success message stays this long, then the screen moves on. */
export const CHANGED_MESSAGE_MS = 5000

export type ChangeInput = { userId: string }

type ChangeContext = NewPasswordFields & { userId: string; oldPassword: string }

export type ChangeEvent =
  | FieldEvent<'password.oldChanged' | 'password.newChanged' | 'password.repeatChanged'>
  | { type: 'password.submit' }
  | { type: 'password.leave' }

/** Every field passes its rule: Change Password may be pressed. */
export const changeFormValid = (c: ChangeContext): boolean =>
  !validatePassword(c.oldPassword) &&
  !validateNewPassword(c.password) &&
  !validateRepeat(c.repeat, c.password)

// What the form takes in editing and after a failure alike.
const form = {
  'password.oldChanged': { description: 'Old Password was typed.', actions: 'setOldPassword' },
  'password.newChanged': {
    description: 'A New Password was typed; Repeat New Password is checked against it again.',
    actions: 'setPassword',
  },
  'password.repeatChanged': {
    description: 'Repeat New Password was typed.',
    actions: 'setRepeat',
  },
  'password.submit': {
    guard: 'canSubmit',
    target: '#passwordChange.submitting',
    description: 'Change Password was pressed with every field valid.',
  },
} as const

/**
 * Change password (SPEC.md §2, §4): the form, the server's answer, then the success message for
 * five seconds (or until Home) before the screen moves on: the /password page goes to '/', the
 * expiry dialog closes. On success the signed-in user is fetched again, so that a forced or due
 * change is seen as done everywhere.
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as ChangeContext,
    events: {} as ChangeEvent,
    input: {} as ChangeInput,
  },
  actors: {
    changePassword: fromPromise<void, { userId: string } & PasswordChangeBody>(
      ({ input: { userId, ...body }, signal }) => changePassword(userId, body, { signal }),
    ),
    fetchSelf: fromPromise<SelfUser>(({ signal }) => fetchSelf({ signal })),
  },
  delays: { changedMessage: CHANGED_MESSAGE_MS },
  guards: { canSubmit: ({ context }) => changeFormValid(context) },
  actions: {
    setOldPassword: assign({
      oldPassword: ({ event }) => (event.type === 'password.oldChanged' ? event.value : ''),
    }),
    setPassword: assign({
      password: ({ event }) => (event.type === 'password.newChanged' ? event.value : ''),
    }),
    setRepeat: assign({
      repeat: ({ event }) => (event.type === 'password.repeatChanged' ? event.value : ''),
    }),
    notifyChanged: notify(passwordNotices.changed),
    notifyNotChanged: notify(({ context }: { context: ChangeContext }) =>
      passwordNotices.notChanged(context.error),
    ),
    // The password-expiry warning (a session child) closes once its form is done.
    tellExpiryWarning: enqueueActions(({ enqueue, system }) => {
      const left: PasswordLeftEvent = { type: 'password.left' }
      const warning = system.get(SYSTEM_ID.passwordExpiry) as AnyActorRef | undefined
      if (warning) enqueue.sendTo(warning, left)
    }),
    // The session actor merges the changes into the signed-in user (new expiry, no forced change).
    tellSessionUpdated: tellSession(({ event }) => ({
      type: 'self.updated',
      changes: 'output' in event ? (event.output as SelfUser) : { mustChangePassword: false },
    })),
  },
}).createMachine({
  id: 'passwordChange',
  meta: { spec: ['§2.7', '§4.3'] },
  description: 'Old password and a new one twice, then the server; a message either way.',
  context: ({ input }) => ({
    userId: input.userId,
    oldPassword: '',
    password: '',
    repeat: '',
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      meta: { spec: ['§2.7', '§4.3', '§5.1', '§5.8', '§5.9', '§5.10'] },
      description: 'The form, with nothing to report.',
      on: form,
    },
    submitting: {
      description: 'The server checks the old password and the new one; the form is off.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({
          userId: context.userId,
          oldPassword: context.oldPassword,
          password: context.password,
        }),
        onDone: { target: 'refreshing', description: 'The server changed the password.' },
        onError: {
          target: 'failed',
          description:
            "The server refused it or could not be reached; the message shows above the form and in 'Your password was not changed: …'.",
          actions: [
            assign({ error: ({ event }) => changeFailureMessage(event.error) }),
            'notifyNotChanged',
          ],
        },
      },
    },
    refreshing: {
      description: 'The password changed; the signed-in user is fetched again (new expiry).',
      tags: ['busy'],
      invoke: {
        id: 'fetchSelf',
        src: 'fetchSelf',
        onDone: {
          target: 'changed',
          description: 'The user came back with the new expiry; the session takes it.',
          actions: 'tellSessionUpdated',
        },
        // The change itself succeeded: what is known for sure is that it is no longer due.
        onError: {
          target: 'changed',
          description:
            'The user could not be fetched; the session still learns that no change is due.',
          actions: 'tellSessionUpdated',
        },
      },
    },
    changed: {
      description: "'Your password has been changed' with a Home button, for five seconds.",
      tags: ['success'],
      entry: 'notifyChanged',
      after: { changedMessage: { target: 'left', description: 'Five seconds passed.' } },
      on: {
        'password.leave': {
          target: 'left',
          description: 'Home was pressed (Close, in the expiry dialog).',
        },
      },
    },
    failed: {
      description: 'The server refused; its message shows above the form until the next attempt.',
      tags: ['error'],
      on: form,
    },
    left: finalState('Done: the page moves on to /, or the expiry warning closes.', {
      entry: { type: 'tellExpiryWarning' },
    }),
  },
})

export type ChangeActor = ActorRefFrom<typeof passwordChangeMachine>
export type ChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>
