import { createFileRoute } from '@tanstack/react-router'
import { LazyServicesPage } from '../-listPages'

// /services and /services/$id render the same component, unsplit: React then keeps one
// ServicesPage (its list, scroll position and drawer) when a service is picked. Split, each route
// would wrap it in a lazy component of its own, and every selection would rebuild the screen.
export const Route = createFileRoute('/_signedIn/services/')({
  codeSplitGroupings: [],
  component: LazyServicesPage,
})
