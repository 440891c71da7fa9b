import {
  assign,
  fromPromise,
  enqueueActions,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import { validateNewPassword } from '../../../../schema/new-password'
import {
  lookUpResetToken,
  resetPassword,
  type PasswordResetBody,
  type ResetLink,
} from '../../../data/api/password'
import { loginMachine } from './login.machine'
import {
  isExpiredLink,
  passwordNotices,
  resetFailureMessage,
} from '../../../kit/machines/password.messages'
import {
  validateResetEmail,
  validateResetRepeat,
  type NewPasswordFields,
} from '../../../kit/machines/password.rules'
import { notify, tellSession } from '../../../kit/machines/system'
import { finalState } from '../../../kit/machines/finalState'
import type { FieldEvent } from '../../../kit/machines/fieldEvent'
import { quietOrFailed } from '../../../kit/machines/settledOrFailed'

type ResetContext = NewPasswordFields & {
  slug: string
  /** The address the link was sent to, as the server has it on file. */
  emailOnFile: string
  /** The link invites a new user: the same form welcomes them ('Choose your password'). */
  invitation: boolean
  email: string
}

export type ResetEvent =
  | FieldEvent<'reset.emailChanged' | 'reset.passwordChanged' | 'reset.repeatChanged'>
  | { type: 'reset.submit' }
  | { type: 'reset.retry' }

/** Every field passes its rule: Save Password may be pressed (SPEC.md §5 'Reset Save'). */
export const resetFormValid = (c: ResetContext): boolean =>
  !validateResetEmail(c.email, c.emailOnFile) &&
  !validateNewPassword(c.password) &&
  !validateResetRepeat(c.repeat, c.password)

/**
 * Reset password through a mailed link (SPEC.md §2, §4): the link is looked up, then either
 * expired or the 'Password Reset' form; after saving, the person is signed in with the new
 * password by the login flow itself (its code step when the account uses two factors).
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    input: {} as { slug: string },
    children: {} as { login: 'login' },
  },
  actors: {
    lookUpResetToken: fromPromise<ResetLink, { slug: string }>(({ input, signal }) =>
      lookUpResetToken(input.slug, { signal }),
    ),
    resetPassword: fromPromise<void, { slug: string } & PasswordResetBody>(
      ({ input: { slug, ...body }, signal }) => resetPassword(slug, body, { signal }),
    ),
    login: loginMachine,
  },
  guards: {
    canSave: ({ context }) => resetFormValid(context),
    isExpiredLink: ({ event }) => 'error' in event && isExpiredLink(event.error),
  },
  actions: {
    // The login flow starts on its credentials form; it is handed the new ones and submits them.
    handOverCredentials: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('login', { type: 'login.passwordChanged', value: context.password })
      enqueue.sendTo('login', { type: 'login.submit' })
    }),
    notifyChanged: notify(passwordNotices.changed),
    notifyNotReset: notify(({ context }: { context: ResetContext }) =>
      passwordNotices.notReset(context.error),
    ),
    // The session actor is in the same system: it fetches the user the new session belongs to.
    tellSessionSignedIn: tellSession({ type: 'session.signedIn' }),
  },
}).createMachine({
  id: 'passwordReset',
  meta: { spec: ['§2.6', '§4.8'] },
  description: 'A reset link: looked up, then expired, or a new password and a sign-in with it.',
  context: ({ input }) => ({
    slug: input.slug,
    emailOnFile: '',
    invitation: false,
    email: '',
    password: '',
    repeat: '',
    error: null,
  }),
  initial: 'lookingUp',
  states: {
    lookingUp: {
      description: 'Asks the server whether the link is still good, and for whom.',
      tags: ['busy', 'checking'],
      invoke: {
        id: 'lookUpResetToken',
        src: 'lookUpResetToken',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: {
          target: 'editing',
          description:
            'The link is good; the server said which address it was sent to, and whether it is an invitation.',
          actions: assign({
            emailOnFile: ({ event }) => event.output.email,
            invitation: ({ event }) => event.output.invitation,
          }),
        },
        onError: [
          {
            guard: 'isExpiredLink',
            target: 'expired',
            description: 'The server does not know the link, or it was used or is too old (804).',
          },
          {
            target: 'unavailable',
            description: 'The lookup failed for another reason (the server could not be reached).',
          },
        ],
      },
    },
    unavailable: {
      description: 'The lookup failed for another reason (offline, say); Try Again.',
      tags: ['error', 'unavailable'],
      on: {
        'reset.retry': { target: 'lookingUp', description: 'Try Again was pressed.' },
      },
    },
    expired: {
      description: "'Password reset link has expired.' with Login and forgot password.",
      tags: ['expired'],
    },
    editing: {
      meta: { spec: ['§2.6', '§4.8', '§5.1', '§5.8', '§5.12', '§5.13', '§5.14', '§5.15'] },
      description:
        "The 'Password Reset' form; for an invitation, the same form welcomes the new user as 'Choose your password'.",
      tags: ['form'],
      ...quietOrFailed('idle', 'rejected', {
        quiet: 'No failure to report.',
        failed: 'Saving failed; its message shows.',
      }),
      on: {
        'reset.emailChanged': {
          description:
            'An address was typed in Email; it must be the one on file, and shows lowercased, as the login’s Username does.',
          actions: assign({ email: ({ event }) => event.value.toLowerCase() }),
        },
        'reset.passwordChanged': {
          description: 'A New Password was typed; Repeat New Password is checked against it again.',
          actions: assign({ password: ({ event }) => event.value }),
        },
        'reset.repeatChanged': {
          description: 'Repeat New Password was typed.',
          actions: assign({ repeat: ({ event }) => event.value }),
        },
        'reset.submit': {
          guard: 'canSave',
          target: 'saving',
          description: 'Save Password was pressed with every field valid.',
        },
      },
    },
    saving: {
      description: 'The server sets the new password; every session of the account ends.',
      tags: ['busy', 'form'],
      entry: assign({ error: null }),
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          slug: context.slug,
          // The server normalises it before comparing it with the address on file.
          username: context.email,
          password: context.password,
        }),
        onDone: {
          target: 'signingIn',
          description:
            "The server saved the new password: 'Your password has been changed'; the form gives way to the sign-in.",
          actions: 'notifyChanged',
        },
        onError: [
          {
            guard: 'isExpiredLink',
            target: 'expired',
            description: 'The link expired or was used meanwhile (804); the form gives way.',
          },
          {
            target: 'editing.rejected',
            description:
              "The server refused it or could not be reached; the message shows above the form and in 'Your password was not reset: …'.",
            actions: [
              assign({ error: ({ event }) => resetFailureMessage(event.error) }),
              'notifyNotReset',
            ],
          },
        ],
      },
    },
    signingIn: {
      description:
        "Signs in with the new password through the login flow; its 'Two Factor Authentication' step shows when the account uses two factors.",
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ username: context.email }),
        onDone: { target: 'done', description: 'The sign-in with the new password succeeded.' },
        onError: {
          target: 'signInFailed',
          description: 'The sign-in broke on an answer it could not read.',
        },
      },
      entry: 'handOverCredentials',
    },
    signInFailed: {
      description: 'The password was saved but the sign-in did not run; the login page is offered.',
      tags: ['error', 'signInFailed'],
    },
    done: finalState('Signed in; the session actor takes over and shows Home.', {
      tags: ['busy'],
      entry: 'tellSessionSignedIn',
    }),
  },
})

export type ResetActor = ActorRefFrom<typeof passwordResetMachine>
export type ResetSnapshot = SnapshotFrom<typeof passwordResetMachine>
