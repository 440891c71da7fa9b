import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { SessionActor } from './machines/session.machine'
import { authStatus, type AuthStatus } from './machines/session.selectors'
import { routeTree } from './routeTree.gen'
import { LoadingView } from './views/message/LoadingView'

/** The router, with the root actor in its context for the guards. `history` is for tests. */
export function createAppRouter(session: SessionActor, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { session },
    ...(history ? { history } : {}),
    defaultPendingComponent: LoadingView,
    defaultPreload: 'intent',
    // Page scroll memory is src/views/shell/scrollMemory.ts (SPEC.md §9: saved every 5 ms, restored
    // with 50 retries at 100 ms for late content), which the built-in restoration cannot do; the
    // router still scrolls to the top on every navigation, and the shell restores after back/forward.
    scrollRestoration: false,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}

/**
 * Re-runs the guards whenever the session settles differently (signed in ↔ signed out), so that the
 * screen on show always belongs to the current route set. After a sign-in the re-run waits for a
 * task of its own: the snapshot that settles it also renders the loading screen, and the guards,
 * the route match and the signed-in chunk's evaluation in that same task made one long frame
 * (over 50 ms; docs/console-cache.md). The guards read the session as it is when they run.
 */
export function bindRouterToSession(router: AppRouter, session: SessionActor): () => void {
  let settled: AuthStatus = authStatus(session.getSnapshot())
  let last = settled
  let timer: ReturnType<typeof setTimeout> | undefined
  let preload: ReturnType<typeof setTimeout> | undefined
  const subscription = session.subscribe((snapshot) => {
    const status = authStatus(snapshot)
    // A sign-in was just accepted (signed out, now checking): the signed-in frame will follow.
    if (status === 'pending' && last === 'signedOut') {
      clearTimeout(preload)
      preload = setTimeout(() => preloadSignedInFrame(router), 0)
    }
    last = status
    if (status === 'pending' || status === settled) return
    const afterSignIn = settled === 'signedOut' && status === 'signedIn'
    settled = status
    clearTimeout(timer)
    // A page opened with a session (a reload) re-runs them at once, as its first load waits on them.
    if (afterSignIn) timer = setTimeout(() => void router.invalidate(), 0)
    else void router.invalidate()
  })
  return () => {
    clearTimeout(timer)
    clearTimeout(preload)
    subscription.unsubscribe()
  }
}

/**
 * Loads the signed-in frame's code (the shell and Home) while the user is fetched after a sign-in,
 * in a task of its own: loading a lazy route inserts a preload link per chunk it needs, ~20 ms of
 * DOM work that otherwise fell in the guard re-run's task (docs/console-cache.md). Only code:
 * no guard runs, and a chunk that fails here is loaded again, and reported, by the navigation.
 */
function preloadSignedInFrame(router: AppRouter) {
  for (const id of ['/_signedIn', '/_signedIn/home'] as const) {
    router.loadRouteChunk(router.routesById[id])?.catch(() => {})
  }
}
