import { createFileRoute } from '@tanstack/react-router'
import { FlowsReplayPage } from '../../areas/flows/views/replay/FlowsReplayPage'
import { Guarded } from '../../kit/views/guard/Guarded'

export const Route = createFileRoute('/_signedIn/flows/$machine_/replay/$logId')({
  component: () => (
    <Guarded permission="flows.read">
      <Guarded permission="logs.read">
        <FlowsReplayPage />
      </Guarded>
    </Guarded>
  ),
})
