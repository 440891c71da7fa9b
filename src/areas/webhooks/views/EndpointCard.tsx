import {
  Badge,
  Card,
  Code,
  DataList,
  Flex,
  Heading,
  Link as ThemeLink,
  Text,
} from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { WebhookEndpoint } from '../../../../schema/webhooks'
import { endpointName } from '../machines/webhook.messages'
import { EventsSummary } from './EventsSummary'
import { endpointStatusWords, lastDeliveryWords } from './webhookText'

/**
 * One endpoint: its name (a link to its page) and status, then its URL, events (the list on
 * demand) and its last delivery.
 */
export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const status = endpointStatusWords(endpoint)
  return (
    <Card asChild size="2">
      <li aria-label={endpointName(endpoint)}>
        <Flex align="center" gap="2" mb="3" wrap="wrap">
          <Heading as="h3" size="3" style={{ overflowWrap: 'anywhere' }}>
            <ThemeLink asChild>
              <Link to="/webhooks/$id" params={{ id: endpoint.id }}>
                {endpointName(endpoint)}
              </Link>
            </ThemeLink>
          </Heading>
          <Badge color={status.color} highContrast>
            {status.label}
          </Badge>
        </Flex>
        <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label minWidth="120px">URL</DataList.Label>
            <DataList.Value>
              <Code variant="ghost" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.url}
              </Code>
            </DataList.Value>
          </DataList.Item>
          {endpoint.description && (
            <DataList.Item>
              <DataList.Label minWidth="120px">Description</DataList.Label>
              <DataList.Value>
                <Text style={{ overflowWrap: 'anywhere' }}>{endpoint.description}</Text>
              </DataList.Value>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.Label minWidth="120px">Events</DataList.Label>
            <DataList.Value>
              <EventsSummary events={endpoint.events} />
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="120px">Last delivery</DataList.Label>
            <DataList.Value>{lastDeliveryWords(endpoint)}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </li>
    </Card>
  )
}
