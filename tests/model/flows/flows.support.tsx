import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import type { AnyActorLogic } from 'xstate'
import { AppTheme } from '../../../src/areas/shell/views/AppTheme'
import { testSession, WithSession } from '../../setup/session'

/**
 * One Flows view alone under a signed-out test session (no route guards to pass), in a router of
 * its own so that its links work, with `provide` replacing the machines it starts.
 */
export function renderFlowsView(view: () => ReactNode, provide: readonly AnyActorLogic[]) {
  const root = createRootRoute({ component: Outlet })
  const list = createRoute({ getParentRoute: () => root, path: '/flows', component: view })
  const chart = createRoute({
    getParentRoute: () => root,
    path: '/flows/$machine',
    component: () => 'A statechart',
  })
  const router = createRouter({
    routeTree: root.addChildren([list, chart]),
    history: createMemoryHistory({ initialEntries: ['/flows'] }),
  })
  const session = testSession()
  const rendered = render(
    <WithSession session={session} provide={provide}>
      <AppTheme>
        <RouterProvider router={router} />
      </AppTheme>
    </WithSession>,
  )
  return { ...rendered, session, router, user: userEvent.setup() }
}
