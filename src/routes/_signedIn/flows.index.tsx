import { createFileRoute } from '@tanstack/react-router'
import { FlowsListPage } from '../../views/flows/FlowsListPage'
import { Guarded } from '../../views/guard/Guarded'

export const Route = createFileRoute('/_signedIn/flows/')({
  component: () => (
    <Guarded permission="flows.read">
      <FlowsListPage />
    </Guarded>
  ),
})
