import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { RouterContext } from './-guards'

// The startup message is the App's business (views/app/App.tsx); the root only hosts the routes.
export const Route = createRootRouteWithContext<RouterContext>()({ component: Outlet })
