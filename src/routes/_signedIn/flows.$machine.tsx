import { createFileRoute } from '@tanstack/react-router'
import { FlowsChartPage } from '../../areas/flows/views/FlowsChartPage'
import { Guarded } from '../../kit/views/guard/Guarded'

export const Route = createFileRoute('/_signedIn/flows/$machine')({
  component: () => (
    <Guarded permission="flows.read">
      <FlowsChartPage />
    </Guarded>
  ),
})
