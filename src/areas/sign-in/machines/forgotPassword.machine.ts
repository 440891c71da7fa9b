import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { validateEmail } from '../../../../schema/rules'
import { requestPasswordReset } from '../../../data/api/password'
import { forgotFailureMessage } from '../../../kit/machines/password.messages'

type ForgotContext = {
  email: string
  /** The message of the last failure, shown until the next attempt. */
  error: string | null
}

export type ForgotEvent = { type: 'forgot.emailChanged'; value: string } | { type: 'forgot.submit' }

// The form stays usable after an answer: a person may correct the address and send again.
const form = {
  'forgot.emailChanged': {
    description:
      'An address was typed in Email; it shows lowercased, as the Username does, and is checked as typed.',
    actions: 'setEmail',
  },
  'forgot.submit': {
    guard: 'canSubmit',
    target: '#forgotPassword.submitting',
    description: 'Send Link was pressed with a valid address.',
  },
} as const

/**
 * Forgot password (SPEC.md §2, §4): an address, then a request for a reset link by mail. The
 * server answers alike for known and unknown addresses, so 'sent' tells nobody who has an account.
 */
export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotContext, events: {} as ForgotEvent },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(({ input, signal }) =>
      requestPasswordReset(input.email, { signal }),
    ),
  },
  guards: { canSubmit: ({ context }) => !validateEmail(context.email) },
  actions: {
    setEmail: assign({
      email: ({ event }) => (event.type === 'forgot.emailChanged' ? event.value.toLowerCase() : ''),
    }),
  },
}).createMachine({
  id: 'forgotPassword',
  meta: { spec: ['§2.5', '§4.7', '§5.11'] },
  description: 'Asks for a password reset link for an email address.',
  context: { email: '', error: null },
  initial: 'idle',
  states: {
    idle: { description: 'The form, with no answer yet.', on: form },
    submitting: {
      description: 'The server is asked to mail a reset link; Send Link is off.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        // The server normalises the address (trimmed, lowercased) before it looks it up.
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'sent', description: 'The server took the request.' },
        onError: {
          target: 'failed',
          description: 'The request failed; the alert says why.',
          actions: assign({ error: ({ event }) => forgotFailureMessage(event.error) }),
        },
      },
    },
    sent: {
      description: "The request was taken: 'A password reset link was sent'.",
      tags: ['success'],
      on: form,
    },
    failed: {
      description: "The request failed: 'An Error Occurred. Try Again.' (or when to retry).",
      tags: ['error'],
      on: form,
    },
  },
})

export type ForgotActor = ActorRefFrom<typeof forgotPasswordMachine>
export type ForgotSnapshot = SnapshotFrom<typeof forgotPasswordMachine>
