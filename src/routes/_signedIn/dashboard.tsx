import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '../../areas/dashboard/views/DashboardPage'
import { Guarded } from '../../kit/views/guard/Guarded'

// INTERNAL staff only (SPEC.md §2, §6), with the permission its tab asks for; desktop layouts only.
export const Route = createFileRoute('/_signedIn/dashboard')({
  component: () => (
    <Guarded type="INTERNAL" permission="dashboard.read">
      <DashboardPage />
    </Guarded>
  ),
})
