import { PlusIcon } from '@radix-ui/react-icons'
import { Button, Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { WebhookListActor, WebhookListSnapshot } from '../machines/webhookList.machine'
import { webhooksPageMachine, type WebhooksPageActor } from '../machines/webhooksPage.machine'
import { selectEndpoints, selectListError, selectListLoading } from '../machines/webhooks.selectors'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { usePageParts } from '../../../kit/views/actors/usePageParts'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { EndpointCard } from './EndpointCard'
import { NewWebhookDialog, NewWebhookSecret } from './NewWebhookDialog'

const INTRO =
  'A webhook sends events (a user added, an account locked, a failed sign-in…) to another system as they happen: signed HTTPS requests it can verify, retried for up to a day until it answers.'

const selectList = (s: WebhookListSnapshot) => ({
  endpoints: selectEndpoints(s),
  loading: selectListLoading(s),
  error: selectListError(s),
})

function EndpointList({ actor }: { actor: WebhookListActor }) {
  const { endpoints, loading, error } = useSelector(actor, selectList, shallowEqual)
  if (loading) return <Reading message="Loading the endpoints…" />
  if (error)
    return (
      <ReadFailure
        message="The endpoints could not be loaded"
        error={error}
        onRetry={() => actor.send({ type: 'webhooks.retry' })}
      />
    )
  if (endpoints.length === 0)
    return (
      <Flex direction="column" gap="1">
        <Text as="p" size="2" weight="medium">
          No endpoints yet.
        </Text>
        <Text as="p" size="2" color="gray">
          Add the address of a system that should hear about changes in Gatehouse. It gets a secret
          to check each delivery with, and you see every delivery and its answer here. Choose Add
          endpoint to add one.
        </Text>
      </Flex>
    )
  return (
    <Flex asChild direction="column" gap="3">
      <ul aria-label="Webhook endpoints" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {endpoints.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} />
        ))}
      </ul>
    </Flex>
  )
}

/** The Webhooks screen around its page machine: the endpoints and the Add endpoint dialog. */
export function WebhooksView({ page }: { page: WebhooksPageActor }) {
  const parts = usePageParts(page)
  if (!parts) return null
  const add = () => parts.dialog.send({ type: 'newWebhook.open' })
  return (
    <Flex direction="column" gap="4">
      <PageHeader title="Webhooks">
        <Button ml="auto" onClick={add}>
          <PlusIcon aria-hidden /> Add endpoint
        </Button>
      </PageHeader>
      <Text as="p" size="2" color="gray">
        {INTRO}
      </Text>
      <EndpointList actor={parts.list} />
      <NewWebhookDialog actor={parts.dialog} />
      <NewWebhookSecret actor={parts.dialog} />
    </Flex>
  )
}

/** /webhooks (INTERNAL staff with webhooks.write): the endpoints. */
export function WebhooksPage() {
  const page = useScreenActor(webhooksPageMachine)
  return page ? <WebhooksView page={page} /> : null
}
