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
 * screen on show always belongs to the current route set. The re-run waits for a task of its own:
 * the snapshot that settles a sign-in also renders the loading screen, and the guards, the route
 * match and the signed-in chunk's evaluation in that same task made one long frame (over 50 ms;
 * docs/console-cache.md). The guards read the session as it is when they run.
 */
export function bindRouterToSession(router: AppRouter, session: SessionActor): () => void {
  let settled: AuthStatus = authStatus(session.getSnapshot())
  let timer: ReturnType<typeof setTimeout> | undefined
  const subscription = session.subscribe((snapshot) => {
    const status = authStatus(snapshot)
    if (status === 'pending' || status === settled) return
    settled = status
    clearTimeout(timer)
    timer = setTimeout(() => void router.invalidate(), 0)
  })
  return () => {
    clearTimeout(timer)
    subscription.unsubscribe()
  }
}
