import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { verifyEmail } from '../../../data/api/users'
import { isRefusedLink } from './emailVerification.messages'
import { finalState } from '../../../kit/machines/finalState'

type VerificationContext = {
  token: string
  /** The address now on the account, once the server confirmed it. */
  email: string | null
}

export type VerificationEvent = { type: 'verification.retry' }

type VerifyCall = (token: string, options: { signal: AbortSignal }) => Promise<{ email: string }>

/** The chart's effect; tests swap the call (`emailVerificationMachine.provide({ actors: … })`). */
// The call is looked up when made, not when the chart is built.
export const verificationActors = (post: VerifyCall = (...args) => verifyEmail(...args)) => ({
  verifyEmail: fromPromise<{ email: string }, { token: string }>(({ input, signal }) =>
    post(input.token, { signal }),
  ),
})

/**
 * The link in the mail sent when staff change someone's address (issue 15): opening it confirms
 * the new address, signed in or not. The server answers the address now on the account.
 */
export const emailVerificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as { token: string },
  },
  actors: verificationActors(),
  guards: {
    isRefusedLink: ({ event }) => 'error' in event && isRefusedLink(event.error),
  },
}).createMachine({
  id: 'emailVerification',
  description: 'A verification link: the server confirms the new address, or refuses the link.',
  context: ({ input }) => ({ token: input.token, email: null }),
  initial: 'verifying',
  states: {
    verifying: {
      description: "'Confirming your email address...' while the server checks the link.",
      tags: ['busy'],
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'verified',
          description: 'The server confirmed the address; it is now the one on the account.',
          actions: assign({ email: ({ event }) => event.output.email }),
        },
        onError: [
          {
            guard: 'isRefusedLink',
            target: 'failed',
            description: 'The server refused the link: unknown, already used or too old.',
          },
          {
            target: 'unavailable',
            description: 'No answer came (offline, or the server failed); the link was not used.',
          },
        ],
      },
    },
    verified: finalState("'Your email address is now …' and a link to the login.", {
      tags: ['verified'],
    }),
    failed: finalState("'This link has expired or was already used.' and a link to the login.", {
      tags: ['failed'],
    }),
    unavailable: {
      description: "The server could not be reached; 'Try again'.",
      tags: ['error'],
      on: {
        'verification.retry': {
          target: 'verifying',
          description: "'Try again' was pressed.",
        },
      },
    },
  },
})

export type VerificationActor = ActorRefFrom<typeof emailVerificationMachine>
export type VerificationSnapshot = SnapshotFrom<typeof emailVerificationMachine>
