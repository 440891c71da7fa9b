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
import type { ReactNode } from 'react'
import userEvent from '@testing-library/user-event'
import { onTestFinished } from 'vitest'
import { fromPromise, type AnyActorLogic } from 'xstate'
import type { Service } from '../../../schema/service'
import { identityDb } from '../../../src/data/db/identity'
import {
  inlineEditorMachine,
  type EditorRecord,
  type EditorSpec,
} from '../../../src/kit/machines/inlineEditor.machine'
import { serviceEditor, type ServiceTextField } from '../../../src/areas/services/machines/serviceEditors'
import {
  lifecycleActors,
  serviceLifecycleMachine,
} from '../../../src/areas/services/machines/serviceLifecycle.machine'
import { serviceTimeoutMachine, timeoutActors } from '../../../src/areas/services/machines/serviceTimeout.machine'
import { NotifyProvider } from '../../../src/kit/views/notify/Notifications'
import { ServiceDetail } from '../../../src/areas/services/views/detail/ServiceDetail'
import { AddService } from '../../../src/areas/services/views/new/AddService'
import { selfUser } from '../../setup/fixtures'
import { testSession, WithSession } from '../../setup/session'
import { server } from '../account/profile.support'

// The fixtures live with the paths that use them; the tests of the service detail import them here.
export { aService, savedService } from '../../../src/kit/fixtures/service.fixtures'

/**
 * The service detail's charts with their server calls stubbed (`server.stub`, settled by the
 * path's steps): delete and restore, the timeouts' PUT and the inline editors' PUT, each answer
 * still kept in the cache by the charts' own effects.
 */
export const stubbedServiceMachines = (): AnyActorLogic[] => [
  serviceLifecycleMachine.provide({
    actors: lifecycleActors({
      deleteService: server.stub('deleteService') as never,
      restoreService: server.stub('restoreService') as never,
    }),
  }),
  serviceTimeoutMachine.provide({
    actors: timeoutActors(server.stub('updateServiceField') as never),
  }),
  inlineEditorMachine.provide({
    actors: {
      saveRecord: fromPromise<EditorRecord, { spec: EditorSpec; id: string; body: unknown }>(
        ({ input, signal }) =>
          serviceEditor(
            input.spec.key as ServiceTextField,
            server.stub('updateServiceField') as never,
          ).send(input.id, input.body, { signal }),
      ),
    },
  }),
]

/**
 * A signed-in administrator's session (whose notification stack shows), around `children`; the
 * views' machines replaced by `provide`, by machine id. It stops with the test.
 */
export function Signed({
  provide = [],
  children,
}: {
  provide?: readonly AnyActorLogic[]
  children: ReactNode
}) {
  const session = testSession(selfUser())
  onTestFinished(() => session.stop())
  return (
    <WithSession session={session} provide={provide}>
      <Theme>
        <NotifyProvider>{children}</NotifyProvider>
      </Theme>
    </WithSession>
  )
}

/** Puts `service` in the identity cache and shows its detail pane, as the master-detail page does. */
export async function renderDetail(
  service: Service,
  { provide = stubbedServiceMachines() }: { provide?: readonly AnyActorLogic[] } = {},
) {
  await identityDb().services.clear()
  await identityDb().services.put(service)
  const view = render(
    <Signed provide={provide}>
      <ServiceDetail id={service.id} />
    </Signed>,
  )
  await screen.findByRole('heading', { name: service.name, level: 2 })
  return { ...view, user: userEvent.setup() }
}

/**
 * 'Add Service' above the routes (as on the master-detail page, it stays across them), and
 * /services/{id} saying which service it opened.
 */
export function renderAddService({ provide }: { provide: readonly AnyActorLogic[] }) {
  const root = createRootRoute({
    component: () => (
      <Signed provide={provide}>
        <AddService />
        <Outlet />
      </Signed>
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
