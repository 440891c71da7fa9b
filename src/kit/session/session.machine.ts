import {
  assign,
  createActor,
  type ActorOptions,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { SelfUser } from '../../../schema/user'
import { isExpiryWarningDismissed } from '../../data/prefs/passwordExpiry'
import { SYSTEM_ID } from '../machines/system'
import { sessionSetup } from './session.setup'

export type { FetchSelfInput, SessionEvent } from './session.setup'

// signedIn is only entered with the user fetchSelf answered, so this never throws.
const signedInUser = (user: SelfUser | null): SelfUser => {
  if (!user) throw new Error('A session without a user cannot load the caches.')
  return user
}

/**
 * The root statechart: who is signed in, and whether the console may show its routes yet.
 * It lives for the whole page (systemId 'session') and travels in the router context.
 *
 * session.setup.ts holds its context, events, actors, guards and actions (among them the spawn of
 * the screens' and dialogs' actors).
 */
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  meta: { spec: ['§2.1'] },
  description: 'Finds out who is signed in, then offers the signed-in or the signed-out routes.',
  context: { user: null, loggedOut: false },
  // The notification stack (SPEC.md §9) outlives every session: a logout notice shows on the login.
  invoke: {
    id: 'notifications',
    systemId: SYSTEM_ID.notifications,
    src: 'notifications',
  },
  // Screens and dialogs (kit/views/actors/useScreenActor.ts) live as long as their view, in any state.
  on: {
    'screen.open': {
      actions: 'openScreen',
      description: 'A screen or dialog opened; its actor joined the session.',
    },
    'screen.close': {
      actions: 'closeScreen',
      description: 'A screen or dialog closed; its actor stopped.',
    },
    'xstate.error.actor.*': {
      actions: 'reportScreenFailure',
      description: 'A screen actor failed; it stopped, the session stayed where it was.',
    },
  },
  initial: 'authenticating',
  states: {
    authenticating: {
      description: "Asks the server who the session belongs to ('Authenticating...').",
      // 'checkingSession': no route shows; the message says 'Authenticating...'.
      tags: ['busy', 'checkingSession'],
      invoke: {
        id: 'fetchSelf',
        src: 'fetchSelf',
        input: ({ event }) => ({ signedIn: event.type === 'session.signedIn' }),
        onDone: {
          target: 'signedIn',
          description: 'The server answered with the signed-in user.',
          actions: assign({ user: ({ event }) => event.output, loggedOut: false }),
        },
        onError: [
          {
            guard: 'isNotSignedIn',
            target: 'signedOut',
            description: 'The server answered that nobody is signed in (401).',
            actions: 'forgetUser',
          },
          {
            target: 'unreachable',
            description: 'The session check failed for another reason.',
            actions: 'forgetUser',
          },
        ],
      },
    },
    unreachable: {
      description: 'The server did not answer the session check; the person may try again.',
      // 'unreachable': no route shows; the message says 'An Error Occurred. Try Again.'
      tags: ['error', 'unreachable'],
      on: {
        'session.retry': { target: 'authenticating', description: 'Try Again was pressed.' },
      },
    },
    signedIn: {
      description:
        'A session exists; the signed-in route set is offered once the caches are loaded.',
      // The sync lives as long as the session: it loads the caches, then keeps them current from
      // the server's change notices. Leaving signedIn stops it and closes its event stream.
      invoke: [
        {
          id: 'sync',
          systemId: SYSTEM_ID.sync,
          src: 'sync',
          // The caches belong to this user: rows cached for anyone else are dropped before loading.
          input: ({ context }) => ({ user: signedInUser(context.user) }),
          // Subscribes to the sync's snapshots; 'loadingData.loading' acts on them, other states not.
          onSnapshot: {
            description: 'The sync reported its progress; only the loading screen acts on it.',
          },
        },
        {
          id: 'cookiesAccepted',
          systemId: SYSTEM_ID.cookiesAccepted,
          src: 'cookiesAccepted',
          input: ({ context }) => ({ userId: signedInUser(context.user).id }),
        },
      ],
      initial: 'loadingData',
      states: {
        loadingData: {
          meta: { spec: ['§2.1', '§4.1'] },
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
                    target: '#session.signedIn.ready',
                    description: 'Both caches were loaded.',
                  },
                  {
                    guard: 'isDataFailed',
                    target: 'failed',
                    description: 'Opening or loading a cache failed; the reason shows.',
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
        ready: {
          description: 'Content is shown; the caches follow the server live.',
          // Decided once, when the signed-in frame first shows (SPEC.md §4 'Password-expiry modal').
          invoke: {
            id: 'passwordExpiry',
            systemId: SYSTEM_ID.passwordExpiry,
            src: 'passwordExpiry',
            input: ({ context }) => {
              const user = signedInUser(context.user)
              return {
                userId: user.id,
                passwordExpiresAt: user.passwordExpiresAt,
                mustChangePassword: user.mustChangePassword,
                dismissed: isExpiryWarningDismissed(user.id),
                now: Date.now(),
              }
            },
          },
        },
      },
      on: {
        'self.updated': {
          description: 'An account screen saved a change to the signed-in user.',
          actions: assign({
            user: ({ context, event }) => ({ ...signedInUser(context.user), ...event.changes }),
          }),
        },
        'session.signOut': {
          target: 'signingOut',
          meta: { spec: ['§2.4'] },
          description: 'Logout was chosen.',
        },
        'session.expired': {
          target: 'signedOut',
          description: 'An authenticated call answered 401: the session had ended elsewhere.',
          actions: 'forgetUser',
        },
      },
    },
    signingOut: {
      meta: { spec: ['§2.4'] },
      description: 'Ends the session on the server.',
      // 'signingOut': no route shows; the message says 'Signing out...'.
      tags: ['busy', 'signingOut'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: {
          target: 'signedOut',
          description: 'The server ended the session.',
          actions: assign({ user: null, loggedOut: true }),
        },
        // The person asked to leave: show the login either way rather than trap them here.
        onError: {
          target: 'signedOut',
          description:
            'The sign-out failed (the server could not be reached); the login shows anyway.',
          actions: assign({ user: null, loggedOut: true }),
        },
      },
    },
    signedOut: {
      description: 'No session; the signed-out route set (login, password recovery) is offered.',
      on: {
        'session.signedIn': {
          target: 'authenticating',
          description: 'The login flow opened a session; the user it belongs to is fetched.',
        },
      },
    },
  },
})

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/**
 * Starts the console's root actor under its system id. `inspect` sees every actor of the system:
 * the session, its children, and every screen and dialog actor (flows/inspection.ts).
 */
export function startSession(
  logic: typeof sessionMachine = sessionMachine,
  options: Pick<ActorOptions<typeof sessionMachine>, 'inspect'> = {},
): SessionActor {
  return createActor(logic, { ...options, systemId: SYSTEM_ID.session }).start()
}
