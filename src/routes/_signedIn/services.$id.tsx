import { createFileRoute } from '@tanstack/react-router'
import { ServicesPage } from '../../views/services/ServicesPage'

// The same component as /services, unsplit (see services.index.tsx): selecting keeps the list.
export const Route = createFileRoute('/_signedIn/services/$id')({
  codeSplitGroupings: [],
  component: ServicesPage,
})
