import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../views/guard/Guarded'
import { PlaceholderPage } from '../../views/page/PlaceholderPage'

// INTERNAL staff only (SPEC.md §2, §6), with the permission its tab asks for.
export const Route = createFileRoute('/_signedIn/dashboard')({
  component: () => (
    <Guarded type="INTERNAL" permission="dashboard.read">
      <PlaceholderPage title="Dashboard" />
    </Guarded>
  ),
})
