import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../kit/views/guard/Guarded'
import { GroupsPage } from '../../areas/groups/views/GroupsPage'

// Staff who may read roles and groups (issue 31), with the permission its tab asks for.
export const Route = createFileRoute('/_signedIn/groups')({
  component: () => (
    <Guarded permission="roles.read">
      <GroupsPage />
    </Guarded>
  ),
})
