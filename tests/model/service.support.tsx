import { Theme } from '@radix-ui/themes'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useParams,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AnyActorLogic } from 'xstate'
import type { Service } from '../../schema/service'
import { identityDb } from '../../src/data/db/identity'
import { ServiceDetail } from '../../src/views/services/detail/ServiceDetail'
import { AddService } from '../../src/views/services/new/AddService'
import { selfUser } from '../setup/fixtures'
import { testSession, WithSession } from '../setup/session'

/** A service as the cache holds it. */
export function aService(changes: Partial<Service> = {}): Service {
  return {
    id: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    key: 'crm',
    name: 'Customer Records',
    description: 'Where the sales team keeps its customers',
    url: 'https://crm.example.com',
    accessTokenTimeout: 1,
    refreshTokenTimeout: 30,
    hasLogo: false,
    deleted: false,
    ...changes,
  }
}

/** The server's answer to a change: the service as saved, a moment later. */
export const savedService = (before: Service, changes: Partial<Service>): Service => ({
  ...before,
  ...changes,
  updatedAt: '2026-02-01T00:00:00.000Z',
})

/**
 * Puts `service` in the identity cache and shows its detail pane, as the master-detail page does,
 * under a signed-in test session (its screen actors join the session's system; `provide` swaps their
 * machines by id).
 */
export async function renderDetail(service: Service, provide: readonly AnyActorLogic[] = []) {
  await identityDb().services.clear()
  await identityDb().services.put(service)
  const view = render(
    <WithSession session={testSession(selfUser())} provide={provide}>
      <Theme>
        <ServiceDetail id={service.id} />
      </Theme>
    </WithSession>,
  )
  await screen.findByRole('heading', { name: service.name, level: 2 })
  return { ...view, user: userEvent.setup() }
}

/**
 * 'Add Service' above the routes (as on the master-detail page, it stays across them), and
 * /services/{id} saying which service it opened.
 */
export function renderAddService() {
  const root = createRootRoute({
    component: () => (
      <Theme>
        <AddService />
        <Outlet />
      </Theme>
    ),
  })
  const index = createRoute({ getParentRoute: () => root, path: '/', component: () => null })
  const opened = createRoute({
    getParentRoute: () => root,
    path: '/services/$id',
    component: function Opened() {
      const { id } = useParams({ strict: false })
      return <p>Opened service {id}</p>
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([index, opened]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const view = render(<RouterProvider router={router as never} />)
  return {
    ...view,
    router,
    user: userEvent.setup(),
    pathname: () => router.state.location.pathname,
  }
}
