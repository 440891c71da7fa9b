import {
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  spawnChild,
  stopChild,
  type ActionArgs,
  type AnyActorLogic,
  type ProvidedActor,
} from 'xstate'
import type { SelfUser } from '../../../schema/user'
import { ErrorCode } from '../../../schema/errors'
import { isApiError } from '../../data/api/ApiError'
import { signOut } from '../../data/api/auth'
import { fetchSelf } from '../../data/api/self'
import { cookiesAcceptedMachine } from './cookiesAccepted.machine'
import { notificationsMachine } from '../machines/notifications.machine'
import { passwordExpiryMachine } from './passwordExpiry.machine'
import type { SyncSnapshot } from './sync.machine'
import { lazySyncMachine, loadSyncMachine } from './sync.lazy'
import { isSyncFailed, isSyncReady } from './sync.status'

/** Whether the session check follows a sign-in (the session is then known to exist). */
export type FetchSelfInput = { signedIn: boolean }

type SessionContext = {
  /** The signed-in user; null whenever no session is known. */
  user: SelfUser | null
  /** Set by an explicit logout so the login screen can say so; cleared by the next sign-in. */
  loggedOut: boolean
}

export type SessionEvent =
  | { type: 'session.signedIn' }
  | { type: 'session.signOut' }
  | { type: 'session.expired' }
  | { type: 'session.retry' }
  | { type: 'data.retry' }
  /** An account screen saved a change to the signed-in user (profile, password, visage). */
  | { type: 'self.updated'; changes: Partial<SelfUser> }
  /** A screen or dialog opened: its actor joins the system as a child of the session. */
  | { type: 'screen.open'; id: string; logic: AnyActorLogic; input?: unknown }
  /** A screen or dialog closed: its actor stops. */
  | { type: 'screen.close'; id: string }
  /** The sync child's state, as XState reports it to its parent. */
  | { type: 'xstate.snapshot.sync'; snapshot: SyncSnapshot }

type ScreenOpen = Extract<SessionEvent, { type: 'screen.open' }>
type ScreenAction = (
  args: ActionArgs<SessionContext, SessionEvent, SessionEvent>,
  params: undefined,
) => void

/**
 * Spawns a screen's or dialog's machine, which is not one of this chart's actors but comes with
 * the event, under the id its view chose. XState types a spawn's id only for the chart's own actor
 * sources, so the spawn is built for any actor and handed over as a plain session action.
 */
const spawnScreen = ({ logic, id, input }: ScreenOpen): ScreenAction =>
  spawnChild<SessionContext, SessionEvent, undefined, SessionEvent, ProvidedActor>(logic, {
    id,
    input,
  })

/** The session statechart's types and implementations; its states are in session.machine.ts. */
export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    children: {} as {
      sync: 'sync'
      notifications: 'notifications'
      passwordExpiry: 'passwordExpiry'
      cookiesAccepted: 'cookiesAccepted'
    },
  },
  actors: {
    // Someone is signed in: the sync's code (caches, worker) loads before signedIn invokes it, and
    // only then, so /login loads none of it (docs/console-first-load.md). Right after a sign-in the
    // session is known to exist, so it loads beside the user fetch instead of after it.
    fetchSelf: fromPromise<SelfUser, FetchSelfInput>(async ({ signal, input }) => {
      const sync = input.signedIn ? loadSyncMachine() : undefined
      // Awaited below; a failure then is the session check's, as when it loads after the user.
      sync?.catch(() => {})
      const user = await fetchSelf({ signal })
      await (sync ?? loadSyncMachine())
      return user
    }),
    signOut: fromPromise<void>(({ signal }) => signOut({ signal })),
    sync: lazySyncMachine,
    notifications: notificationsMachine,
    passwordExpiry: passwordExpiryMachine,
    cookiesAccepted: cookiesAcceptedMachine,
  },
  guards: {
    isNotSignedIn: ({ event }) =>
      'error' in event && isApiError(event.error) && event.error.code === ErrorCode.notSignedIn,
    isDataReady: ({ event }) =>
      event.type === 'xstate.snapshot.sync' && isSyncReady(event.snapshot),
    isDataFailed: ({ event }) =>
      event.type === 'xstate.snapshot.sync' && isSyncFailed(event.snapshot),
  },
  actions: {
    forgetUser: assign({ user: null }),
    retrySync: sendTo('sync', { type: 'sync.retry' }),
    openScreen: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'screen.open') return
      // The screens' machines are not this chart's own actors: they come with the event.
      enqueue(spawnScreen(event))
    }),
    closeScreen: stopChild(({ event }) => (event.type === 'screen.close' ? event.id : '')),
    reportScreenFailure: ({ event }) => {
      // A bug in one screen's machine stops that screen only; the console and its session stay.
      console.error(
        `The actor ${event.type.slice('xstate.error.actor.'.length)} failed:`,
        (event as { error?: unknown }).error,
      )
    },
  },
})
