import { createFileRoute } from '@tanstack/react-router'
import { GuardedServicesPage } from '../../views/guard/GuardedServicesPage'

// The same component as /services, unsplit (see services.index.tsx): selecting keeps the list.
export const Route = createFileRoute('/_signedIn/services/$id')({
  codeSplitGroupings: [],
  component: GuardedServicesPage,
})
