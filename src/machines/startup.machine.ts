import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { SelfUser } from '../../schema/user'
import { ErrorCode } from '../../schema/errors'
import { isApiError } from '../data/api/ApiError'
import { signOut } from '../data/api/auth'
import { fetchSelf } from '../data/api/self'
import { isSyncFailed, isSyncReady, syncMachine, type SyncSnapshot } from './sync.machine'

// signedIn is only entered with the user fetchSelf answered, so this never throws.
const signedInUser = (user: SelfUser | null): SelfUser => {
  if (!user) throw new Error('A session without a user cannot load the caches.')
  return user
}

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
  | { type: 'data.retry' }
  /** An account screen saved a change to the signed-in user (profile, password, visage). */
  | { type: 'self.updated'; changes: Partial<SelfUser> }
  /** The sync child's state, as XState reports it to its parent. */
  | { type: 'xstate.snapshot.sync'; snapshot: SyncSnapshot }

/**
 * The root statechart: who is signed in, and whether the console may show its routes yet.
 * It lives for the whole page (systemId 'startup') and travels in the router context.
 */
export const startupMachine = setup({
  types: {
    context: {} as StartupContext,
    events: {} as StartupEvent,
    children: {} as { sync: 'sync' },
  },
  actors: {
    fetchSelf: fromPromise<SelfUser>(({ signal }) => fetchSelf({ signal })),
    signOut: fromPromise<void>(({ signal }) => signOut({ signal })),
    sync: syncMachine,
  },
  guards: {
    isDataReady: ({ event }) =>
      event.type === 'xstate.snapshot.sync' && isSyncReady(event.snapshot),
    isDataFailed: ({ event }) =>
      event.type === 'xstate.snapshot.sync' && isSyncFailed(event.snapshot),
  },
  actions: {
    forgetUser: assign({ user: null }),
    retrySync: sendTo('sync', { type: 'sync.retry' }),
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
      description:
        'A session exists; the signed-in route set is offered once the caches are loaded.',
      // The sync lives as long as the session: it loads the caches, then keeps them current from
      // the server's change notices. Leaving signedIn stops it and closes its event stream.
      invoke: {
        id: 'sync',
        systemId: 'sync',
        src: 'sync',
        // The caches belong to this user: rows cached for anyone else are dropped before loading.
        input: ({ context }) => ({ user: signedInUser(context.user) }),
        // Subscribes to the sync's snapshots; 'loadingData.loading' acts on them, other states not.
        onSnapshot: { description: "The sync's progress or state changed." },
      },
      initial: 'loadingData',
      states: {
        loadingData: {
          description:
            "Both caches are loading ('Loading Data, please wait...'); no screen may read them yet.",
          tags: ['busy'],
          initial: 'loading',
          states: {
            loading: {
              description: 'Shows the table being loaded and its rows so far.',
              on: {
                'xstate.snapshot.sync': [
                  {
                    guard: 'isDataReady',
                    target: '#startup.signedIn.ready',
                    description: 'Both caches are loaded.',
                  },
                  {
                    guard: 'isDataFailed',
                    target: 'failed',
                    description: 'Opening or loading a cache failed.',
                  },
                ],
              },
            },
            failed: {
              description: 'Loading failed; the person may try again (what was loaded is kept).',
              tags: ['error'],
              on: {
                'data.retry': {
                  target: 'loading',
                  actions: 'retrySync',
                  description: 'Try Again was pressed.',
                },
              },
            },
          },
        },
        ready: { description: 'Content is shown; the caches follow the server live.' },
      },
      on: {
        'self.updated': {
          description: 'An account screen saved a change to the signed-in user.',
          actions: assign({
            user: ({ context, event }) => ({ ...signedInUser(context.user), ...event.changes }),
          }),
        },
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
