import { createFileRoute } from '@tanstack/react-router'
import { FlowsChartPage } from '../../views/flows/FlowsChartPage'
import { Guarded } from '../../views/guard/Guarded'

export const Route = createFileRoute('/_signedIn/flows/$machine')({
  component: () => (
    <Guarded permission="flows.read">
      <FlowsChartPage />
    </Guarded>
  ),
})
