import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../kit/views/guard/Guarded'
import { WebhooksPage } from '../../areas/webhooks/views/WebhooksPage'

// INTERNAL staff only, like the Queue: endpoints receive events about every user of both types.
export const Route = createFileRoute('/_signedIn/webhooks/')({
  component: () => (
    <Guarded type="INTERNAL" permission="webhooks.write">
      <WebhooksPage />
    </Guarded>
  ),
})
