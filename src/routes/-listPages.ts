import { lazyRouteComponent } from '@tanstack/react-router'

// /services and /services/$id render one component (and so do /users and /users/$id), so that React
// keeps the page, its list, scroll position and drawer, when a row is picked. Split by the router
// plugin, each route would get a lazy wrapper of its own and every pick would rebuild the screen;
// one lazy component shared by both routes keeps the page out of the first load all the same
// (docs/console-first-load.md). A chunk that fails to load reaches the root's RouteError.

/** The Services page, loaded on first use. */
export const LazyServicesPage = lazyRouteComponent(
  () => import('../areas/services/views/GuardedServicesPage'),
  'GuardedServicesPage',
)

/** The Users page, loaded on first use. */
export const LazyUsersPage = lazyRouteComponent(
  () => import('../areas/users/views/UsersPage'),
  'GuardedUsersPage',
)
