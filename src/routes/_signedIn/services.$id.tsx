import { createFileRoute } from '@tanstack/react-router'
import { LazyServicesPage } from '../-listPages'

// The same component as /services, unsplit (see services.index.tsx): selecting keeps the list.
export const Route = createFileRoute('/_signedIn/services/$id')({
  codeSplitGroupings: [],
  component: LazyServicesPage,
})
