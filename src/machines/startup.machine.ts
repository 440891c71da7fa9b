import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { SelfUser } from '../../schema/user'
import { ErrorCode } from '../../schema/errors'
import { isApiError } from '../data/api/ApiError'
import { signOut } from '../data/api/auth'
import { fetchSelf } from '../data/api/self'

type StartupContext = {
  /** The signed-in user; null whenever no session is known. */
  user: SelfUser | null
  /** Set by an explicit logout so the login screen can say so; cleared by the next sign-in. */
  loggedOut: boolean
}

export type StartupEvent =
  | { type: 'session.signedIn' }
  | { type: 'session.signOut' }
  | { type: 'session.expired' }
  | { type: 'session.retry' }

/**
 * The root statechart: who is signed in, and whether the console may show its routes yet.
 * It lives for the whole page (systemId 'startup') and travels in the router context.
 */
export const startupMachine = setup({
  types: { context: {} as StartupContext, events: {} as StartupEvent },
  actors: {
    fetchSelf: fromPromise<SelfUser>(({ signal }) => fetchSelf({ signal })),
    signOut: fromPromise<void>(({ signal }) => signOut({ signal })),
  },
  actions: {
    forgetUser: assign({ user: null }),
  },
}).createMachine({
  id: 'startup',
  description: 'Finds out who is signed in, then offers the signed-in or the signed-out routes.',
  context: { user: null, loggedOut: false },
  initial: 'authenticating',
  states: {
    authenticating: {
      description: "Asks the server who the session belongs to ('Authenticating...').",
      tags: ['busy'],
      invoke: {
        id: 'fetchSelf',
        src: 'fetchSelf',
        onDone: {
          target: 'signedIn',
          actions: assign({ user: ({ event }) => event.output, loggedOut: false }),
        },
        onError: [
          {
            guard: ({ event }) =>
              isApiError(event.error) && event.error.code === ErrorCode.notSignedIn,
            target: 'signedOut',
            actions: 'forgetUser',
          },
          { target: 'unreachable', actions: 'forgetUser' },
        ],
      },
    },
    unreachable: {
      description: 'The server did not answer the session check; the person may try again.',
      tags: ['error'],
      on: {
        'session.retry': { target: 'authenticating', description: 'Try Again was pressed.' },
      },
    },
    signedIn: {
      description: 'A session exists; the signed-in route set is offered.',
      // Issue 3 puts 'loadingData' (the local caches: 'Loading Data, please wait...') before 'ready'
      // and makes it the initial state, so that no screen reads a cache that is still empty.
      initial: 'ready',
      states: {
        ready: { description: 'Content is shown.' },
      },
      on: {
        'session.signOut': { target: 'signingOut', description: 'The person chose Logout.' },
        'session.expired': {
          target: 'signedOut',
          description: 'An authenticated call answered 401: the session ended elsewhere.',
          actions: 'forgetUser',
        },
      },
    },
    signingOut: {
      description: 'Ends the session on the server.',
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: assign({ user: null, loggedOut: true }) },
        // The person asked to leave: show the login either way rather than trap them here.
        onError: { target: 'signedOut', actions: assign({ user: null, loggedOut: true }) },
      },
    },
    signedOut: {
      description: 'No session; the signed-out route set (login, password recovery) is offered.',
      on: {
        'session.signedIn': {
          target: 'authenticating',
          description: 'The login flow opened a session: fetch the user it belongs to.',
        },
      },
    },
  },
})

export type StartupActor = ActorRefFrom<typeof startupMachine>
export type StartupSnapshot = SnapshotFrom<typeof startupMachine>
