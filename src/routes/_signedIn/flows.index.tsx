import { createFileRoute } from '@tanstack/react-router'
import { FlowsListPage } from '../../areas/flows/views/FlowsListPage'
import { Guarded } from '../../kit/views/guard/Guarded'

export const Route = createFileRoute('/_signedIn/flows/')({
  component: () => (
    <Guarded permission="flows.read">
      <FlowsListPage />
    </Guarded>
  ),
})
