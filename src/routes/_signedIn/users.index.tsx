import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../views/guard/Guarded'
import { PlaceholderPage } from '../../views/page/PlaceholderPage'

export const Route = createFileRoute('/_signedIn/users/')({
  component: () => (
    <Guarded permission="users.read">
      <PlaceholderPage title="Users" />
    </Guarded>
  ),
})
