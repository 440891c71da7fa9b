import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../views/guard/Guarded'
import { PlaceholderPage } from '../../views/page/PlaceholderPage'

export const Route = createFileRoute('/_signedIn/logs')({
  component: () => (
    <Guarded permission="logs.read">
      <PlaceholderPage title="Logs" />
    </Guarded>
  ),
})
