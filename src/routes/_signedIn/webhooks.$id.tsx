import { createFileRoute } from '@tanstack/react-router'
import { Guarded } from '../../kit/views/guard/Guarded'
import { WebhookPage } from '../../areas/webhooks/views/WebhookPage'

function EndpointRoute() {
  const { id } = Route.useParams()
  return (
    <Guarded type="INTERNAL" permission="webhooks.write">
      {/* Keyed: another endpoint's page starts its charts afresh. */}
      <WebhookPage key={id} id={id} />
    </Guarded>
  )
}

// An endpoint's page: its settings, secret and delivery log (INTERNAL staff, webhooks.write).
export const Route = createFileRoute('/_signedIn/webhooks/$id')({ component: EndpointRoute })
