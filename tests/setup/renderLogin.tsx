import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fromPromise, waitFor } from 'xstate'
import type { AuthenticatorSetupResults, SecondFactorMethod } from '../../schema/factors'
import type { EnrolmentResults, LoginResults, VerifyResults } from '../../schema/auth'
import type { SelfUser } from '../../schema/user'
import { ApiError } from '../../src/data/api/ApiError'
import { writeBiometricFlag } from '../../src/data/prefs/biometric'
import { loginMachine } from '../../src/areas/sign-in/machines/login.machine'
import { sessionMachine, startSession } from '../../src/kit/session/session.machine'
import { AppTheme } from '../../src/areas/shell/views/AppTheme'
import { SessionContext } from '../../src/kit/views/actors/sessionContext'
import { ProvidedLogicContext } from '../../src/kit/views/actors/useScreenActor'
import { LoginScreen } from '../../src/areas/sign-in/views/LoginScreen'
import { selfUser } from './fixtures'
import { Gate } from './gate'
import { inspectViews } from './viewInspection'

/**
 * The login screen alone, in a router of its own (its links need one) and under a signed-out
 * session actor, with its server calls (and the passkey ceremony) replaced by gates the test
 * settles. With `passkey`, this browser has biometric login turned on; the test stubs
 * `PublicKeyCredential` when the browser should also support it.
 */
export async function renderLogin({ loggedOut = false, passkey = false } = {}) {
  const gates = {
    signIn: new Gate<LoginResults>(),
    verifyAccessCode: new Gate<VerifyResults>(),
    signInWithPasskey: new Gate<LoginResults>(),
    sendText: new Gate<void>(),
    beginEnrolment: new Gate<AuthenticatorSetupResults>(),
    confirmEnrolment: new Gate<EnrolmentResults>(),
  }
  if (passkey) writeBiometricFlag(true)
  const machine = loginMachine.provide({
    actors: {
      signIn: fromPromise<LoginResults, { username: string; password: string }>(({ input }) =>
        gates.signIn.wait(input),
      ),
      verifyAccessCode: fromPromise<
        unknown,
        { userId: string; requestId: string; accessCode: string; method: SecondFactorMethod }
      >(({ input }) => gates.verifyAccessCode.wait(input)),
      signInWithPasskey: fromPromise<LoginResults>(() => gates.signInWithPasskey.wait()),
      sendText: fromPromise<void, { userId: string; requestId: string }>(({ input }) =>
        gates.sendText.wait(input),
      ),
      beginEnrolment: fromPromise<AuthenticatorSetupResults, { userId: string; requestId: string }>(
        ({ input }) => gates.beginEnrolment.wait(input),
      ),
      confirmEnrolment: fromPromise<
        EnrolmentResults,
        { userId: string; requestId: string; setupId: string; code: string }
      >(({ input }) => gates.confirmEnrolment.wait(input)),
    },
  })
  let checks = 0
  const later = new Gate<SelfUser>()
  const session = startSession(
    sessionMachine.provide({
      actors: {
        // The first check finds no session (or, to show the logout notice, one that then ends);
        // later checks wait, so a test sees the session actor busy after a sign-in.
        fetchSelf: fromPromise(() => {
          if (checks++ > 0) return later.wait()
          return loggedOut
            ? Promise.resolve(selfUser())
            : Promise.reject(new ApiError(401, 401, 'You are not signed in.'))
        }),
        signOut: fromPromise(() => Promise.resolve()),
      },
    }),
    { inspect: inspectViews() },
  )
  if (loggedOut) {
    await waitFor(session, (s) => s.matches('signedIn'))
    session.send({ type: 'session.signOut' })
  }
  await waitFor(session, (s) => s.matches('signedOut'))
  const root = createRootRoute({ component: Outlet })
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    component: LoginScreen,
  })
  const forgot = createRoute({
    getParentRoute: () => root,
    path: '/forgotPassword',
    component: () => 'Forgot',
  })
  const router = createRouter({
    routeTree: root.addChildren([login, forgot]),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
  })
  render(
    <SessionContext.Provider value={session}>
      <ProvidedLogicContext.Provider value={[machine]}>
        <AppTheme>
          <RouterProvider router={router} />
        </AppTheme>
      </ProvidedLogicContext.Provider>
    </SessionContext.Provider>,
  )
  await screen.findByRole('heading', { name: 'Admin Login' })
  return { gates, session, router, user: userEvent.setup() }
}
