import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { RouteError } from '../areas/shell/views/ChunkFailure'
import type { RouterContext } from './-guards'

// The session message is the App's business (areas/shell/views/App.tsx); the root only hosts the routes,
// and catches what they throw: a chunk that failed to load gets the reload guard (SPEC.md §4).
export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
})
