import type { SessionSnapshot } from './session.machine'

export type AuthStatus = 'signedIn' | 'signedOut' | 'pending'

/** What the route guards need: settled signed in, settled signed out, or not known yet. */
export function authStatus(snapshot: SessionSnapshot): AuthStatus {
  if (snapshot.matches('signedIn')) return 'signedIn'
  if (snapshot.matches('signedOut')) return 'signedOut'
  return 'pending'
}

export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user

export const selectLoggedOut = (snapshot: SessionSnapshot) => snapshot.context.loggedOut

/** Content may show: the user is known and both caches are loaded (SPEC.md §4 'Startup'). */
export const selectDataReady = (snapshot: SessionSnapshot) =>
  snapshot.matches({ signedIn: 'ready' })

export const selectDataFailed = (snapshot: SessionSnapshot) =>
  snapshot.matches({ signedIn: { loadingData: 'failed' } })

/** The sync statechart while signed in (it reports the loading progress and its error). */
export const selectSync = (snapshot: SessionSnapshot) => snapshot.children.sync
