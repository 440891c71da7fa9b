import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { SessionActor } from './kit/session/session.machine'
import { authStatus, type AuthStatus } from './kit/session/session.selectors'
import { routeTree } from './routeTree.gen'
import { LoadingView } from './kit/views/message/LoadingView'

/** The router, with the root actor in its context for the guards. `history` is for tests. */
export function createAppRouter(session: SessionActor, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { session },
    ...(history ? { history } : {}),
    defaultPendingComponent: LoadingView,
    defaultPreload: 'intent',
    // Page scroll memory is src/areas/shell/views/scrollMemory.ts (SPEC.md §9: saved every 5 ms, restored
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

/** How long the guard re-run after a sign-in waits at most for the signed-in frame's code. */
const FRAME_WAIT_MS = 3_000

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Re-runs the guards whenever the session settles differently (signed in ↔ signed out), so that the
 * screen on show always belongs to the current route set. After a sign-in the re-run waits for the
 * signed-in frame's code, loaded in parts while the user is fetched (`preloadSignedInFrame`), and
 * then for a task of its own: the snapshot that settles it also renders the loading screen, and the
 * guards, the route match and the evaluation of that code in one task made one long frame (over
 * 50 ms; docs/console-cache.md). The guards read the session as it is when they run.
 */
export function bindRouterToSession(router: AppRouter, session: SessionActor): () => void {
  let settled: AuthStatus = authStatus(session.getSnapshot())
  let last = settled
  let timer: ReturnType<typeof setTimeout> | undefined
  let frame: Promise<void> = Promise.resolve()
  let stopped = false
  const subscription = session.subscribe((snapshot) => {
    const status = authStatus(snapshot)
    // A sign-in was just accepted (signed out, now checking): the signed-in frame will follow.
    if (status === 'pending' && last === 'signedOut') frame = preloadSignedInFrame(router)
    last = status
    if (status === 'pending' || status === settled) return
    const afterSignIn = settled === 'signedOut' && status === 'signedIn'
    settled = status
    clearTimeout(timer)
    // A page opened with a session (a reload) re-runs them at once, as its first load waits on them.
    if (!afterSignIn) return void router.invalidate()
    const waited = frame
    // A part that hangs (a stalled network) must not hold the screen: the navigation loads it too.
    void Promise.race([waited, delay(FRAME_WAIT_MS)]).then(() => {
      if (stopped || settled !== 'signedIn' || frame !== waited) return
      timer = setTimeout(() => void router.invalidate(), 0)
    })
  })
  return () => {
    stopped = true
    clearTimeout(timer)
    subscription.unsubscribe()
  }
}

/**
 * Parts of the signed-in frame's code (the password-expiry dialog with its form and rules, the
 * avatar with its image statechart), loaded before the shell's route chunk. Loaded together, the
 * preload links of some sixty chunks and the evaluation of their modules made tasks of 50–65 ms
 * right after the sign-in (docs/console-cache.md, "Third round"). Each part is a chunk of its own:
 * a part must not pull modules of /login's first load out of the entry chunk (bench:load).
 */
const SIGNED_IN_PARTS: readonly (() => Promise<unknown>)[] = [
  () => import('./areas/account/views/password/PasswordExpiryDialog'),
  () => import('./areas/account/views/VisageAvatar'),
]

/** Resolves when `loading` settles, whichever way: a part that failed is loaded again later. */
const whenSettled = (loading: unknown): Promise<void> =>
  Promise.resolve(loading).then(
    () => {},
    () => {},
  )

/**
 * Loads the signed-in frame's code (its parts, then the shell's and Home's route chunks) while the
 * user is fetched after a sign-in: each part is started in a task of its own, so its preload links
 * are inserted there, and is evaluated when its own chunks have arrived; the parts load side by
 * side. Only code: no guard runs, and a part that fails here is loaded again, and reported, by the
 * navigation; the promise settles when every part has, and never rejects.
 */
function preloadSignedInFrame(router: AppRouter): Promise<void> {
  const parts = [
    ...SIGNED_IN_PARTS,
    () => router.loadRouteChunk(router.routesById['/_signedIn']),
    () => router.loadRouteChunk(router.routesById['/_signedIn/home']),
  ]
  const loads = parts.map(
    (part, index) =>
      new Promise<void>((done) => setTimeout(() => void whenSettled(part()).then(done), index)),
  )
  return Promise.all(loads).then(() => {})
}
