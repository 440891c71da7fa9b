import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../kit/views/guard/Guarded'
import { RolesPage } from '../../areas/roles/views/RolesPage'

export const Route = createFileRoute('/_signedIn/roles')({
  component: () => (
    <Guarded permission="roles.read">
      <RolesPage />
    </Guarded>
  ),
})
