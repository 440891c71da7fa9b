import { Flex } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type {
  WebhookEndpointActor,
  WebhookEndpointSnapshot,
} from '../machines/webhookEndpoint.machine'
import { webhookPageMachine, type WebhookPageActor } from '../machines/webhookPage.machine'
import { deleteWords, endpointName, rotateWords } from '../machines/webhook.messages'
import {
  selectConfirm,
  selectDeleted,
  selectEndpoint,
  selectEndpointError,
  selectEndpointLoading,
  selectSecret,
  selectSecretOpen,
} from '../machines/webhookPage.selectors'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { usePageParts } from '../../../kit/views/actors/usePageParts'
import { ConfirmDialog } from '../../../kit/views/dialog/ConfirmDialog'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { DeliveryLog } from './DeliveryLog'
import { EditWebhookDialog } from './EditWebhookDialog'
import { EndpointSettings } from './EndpointSettings'
import { SecretDialog } from './SecretDialog'
import { oldSecretWords } from './webhookText'

const selectRotate = selectConfirm('rotate')
const selectDelete = selectConfirm('delete')

function Confirmations({ actor }: { actor: WebhookEndpointActor }) {
  const endpoint = useSelector(actor, selectEndpoint)
  const rotate = useSelector(actor, selectRotate, shallowEqual)
  const remove = useSelector(actor, selectDelete, shallowEqual)
  const secretOpen = useSelector(actor, selectSecretOpen)
  const secret = useSelector(actor, selectSecret)
  const confirm = () => actor.send({ type: 'webhook.confirm' })
  const cancel = () => actor.send({ type: 'webhook.cancel' })
  const words = endpoint
    ? deleteWords(endpoint)
    : { title: '', text: '', action: 'Delete endpoint' }
  return (
    <>
      <ConfirmDialog {...rotateWords} {...rotate} onConfirm={confirm} onCancel={cancel} />
      <ConfirmDialog {...words} {...remove} color="red" onConfirm={confirm} onCancel={cancel} />
      <SecretDialog
        open={secretOpen}
        title="New signing secret"
        secret={secret ?? ''}
        note={oldSecretWords(endpoint?.rotation?.until)}
        onDone={() => actor.send({ type: 'webhook.done' })}
      />
    </>
  )
}

const selectHead = (s: WebhookEndpointSnapshot) => ({
  endpoint: selectEndpoint(s),
  loading: selectEndpointLoading(s),
  error: selectEndpointError(s),
  deleted: selectDeleted(s),
})

/** An endpoint's page around its page machine: its settings and its delivery log. */
export function WebhookView({ page }: { page: WebhookPageActor }) {
  const parts = usePageParts(page)
  const navigate = useNavigate()
  const head = useSelector(parts?.endpoint, (s) => (s ? selectHead(s) : null), shallowEqual)
  // Once deleted, the page has nothing to show: back to the endpoints.
  useEffect(() => {
    if (head?.deleted) void navigate({ to: '/webhooks' })
  }, [head?.deleted, navigate])
  if (!parts || !head) return null
  const { endpoint, loading, error } = head
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={endpoint ? endpointName(endpoint) : 'Webhook endpoint'} />
      {loading && <Reading message="Loading the endpoint…" />}
      {error && (
        <ReadFailure
          message="The endpoint could not be loaded"
          error={error}
          onRetry={() => parts.endpoint.send({ type: 'webhook.retry' })}
        />
      )}
      {endpoint && <EndpointSettings actor={parts.endpoint} endpoint={endpoint} />}
      {endpoint && <DeliveryLog actor={parts.deliveries} />}
      <EditWebhookDialog actor={parts.endpoint} />
      <Confirmations actor={parts.endpoint} />
    </Flex>
  )
}

/** /webhooks/{id} (INTERNAL staff with webhooks.write): one endpoint. */
export function WebhookPage({ id }: { id: string }) {
  const page = useScreenActor(webhookPageMachine, { input: { id } })
  return page ? <WebhookView page={page} /> : null
}
