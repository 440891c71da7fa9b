import { Badge, Button, Code, DataList, Flex, Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import type { WebhookEndpoint } from '../../../../schema/webhooks'
import type {
  WebhookEndpointActor,
  WebhookEndpointSnapshot,
} from '../machines/webhookEndpoint.machine'
import {
  selectCanTest,
  selectIdle,
  selectSwitching,
  selectTesting,
} from '../machines/webhookPage.selectors'
import { CardSection } from '../../../kit/views/section/CardSection'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { EventsSummary } from './EventsSummary'
import { endpointStatusWords } from './webhookText'

const selectButtons = (s: WebhookEndpointSnapshot) => ({
  idle: selectIdle(s),
  canTest: selectCanTest(s),
  switching: selectSwitching(s),
  testing: selectTesting(s),
})

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="140px">{label}</DataList.Label>
      <DataList.Value>{children}</DataList.Value>
    </DataList.Item>
  )
}

/**
 * An endpoint's settings (Edit, Enable or Disable) and what to do with it: Send test event,
 * Rotate secret, Delete endpoint.
 */
export function EndpointSettings({
  actor,
  endpoint,
}: {
  actor: WebhookEndpointActor
  endpoint: WebhookEndpoint
}) {
  const { idle, canTest, switching, testing } = useSelector(actor, selectButtons, shallowEqual)
  const status = endpointStatusWords(endpoint)
  return (
    <CardSection title="Settings">
      <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <Row label="Status">
          <Badge color={status.color} highContrast>
            {status.label}
          </Badge>
        </Row>
        <Row label="URL">
          <Code variant="ghost" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Code>
        </Row>
        <Row label="Description">
          <Text style={{ overflowWrap: 'anywhere' }}>{endpoint.description || '—'}</Text>
        </Row>
        <Row label="Events">
          <EventsSummary events={endpoint.events} />
        </Row>
        <Row label="Signing secret">
          <Flex direction="column" gap="1">
            <Code variant="ghost">{endpoint.secretHint}</Code>
            {endpoint.rotation && (
              <Text size="1" color="gray">
                The previous secret also signs until {formatDateTime(endpoint.rotation.until)}.
              </Text>
            )}
          </Flex>
        </Row>
        <Row label="Added">
          {formatDateTime(endpoint.createdAt)} by {endpoint.ownerName}
        </Row>
      </DataList.Root>
      <Flex gap="3" wrap="wrap">
        <Button
          variant="soft"
          disabled={!idle}
          onClick={() => actor.send({ type: 'webhook.edit' })}
        >
          Edit
        </Button>
        <Button
          variant="soft"
          color={endpoint.enabled ? 'gray' : undefined}
          disabled={!idle}
          loading={switching}
          onClick={() => actor.send({ type: 'webhook.switch' })}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          variant="soft"
          disabled={!canTest}
          loading={testing}
          onClick={() => actor.send({ type: 'webhook.test' })}
        >
          Send test event
        </Button>
        <Button
          variant="soft"
          disabled={!idle}
          onClick={() => actor.send({ type: 'webhook.rotate' })}
        >
          Rotate secret
        </Button>
        <Button
          variant="soft"
          color="red"
          disabled={!idle}
          onClick={() => actor.send({ type: 'webhook.delete' })}
        >
          Delete endpoint
        </Button>
      </Flex>
      {!endpoint.enabled && (
        <Text as="p" size="1" color="gray">
          A disabled endpoint receives nothing; enable it to send a test event.
        </Text>
      )}
    </CardSection>
  )
}
