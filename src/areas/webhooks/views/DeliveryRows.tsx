import { Badge, Button, Card, Code, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes'
import type { WebhookDelivery } from '../../../../schema/webhooks'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { DELIVERY_STATUS, deliveryStatusWords, durationWords } from './webhookText'

type Props = {
  deliveries: readonly WebhookDelivery[]
  wide: boolean
  /** Replay and Details are on only while nothing else runs. */
  idle: boolean
  onOpen: (delivery: WebhookDelivery) => void
  onReplay: (delivery: WebhookDelivery) => void
}

export function DeliveryStatusBadge({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Badge color={DELIVERY_STATUS[delivery.status].color} highContrast>
      {deliveryStatusWords(delivery)}
    </Badge>
  )
}

const code = (n: number | null) => (n === null ? '—' : String(n))
const attemptsWords = (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`)

function Actions({
  delivery,
  idle,
  onOpen,
  onReplay,
}: Omit<Props, 'deliveries' | 'wide'> & {
  delivery: WebhookDelivery
}) {
  const name = `${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`
  return (
    <Flex gap="2">
      <Button
        size="1"
        variant="soft"
        color="gray"
        disabled={!idle}
        aria-label={`Attempts of ${name}`}
        onClick={() => onOpen(delivery)}
      >
        Attempts
      </Button>
      <Button
        size="1"
        variant="soft"
        disabled={!idle}
        aria-label={`Replay ${name}`}
        onClick={() => onReplay(delivery)}
      >
        Replay
      </Button>
    </Flex>
  )
}

const COLUMNS = ['Event', 'Status', 'Attempts', 'Code', 'Duration', 'Queued', 'Actions'] as const

/** The deliveries: a table on desktop layouts, cards on a phone. */
export function DeliveryRows({ deliveries, wide, ...actions }: Props) {
  if (!wide)
    return (
      <Flex direction="column" gap="2" asChild>
        <ul aria-label="Deliveries" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {deliveries.map((delivery) => (
            <li key={delivery.id}>
              <Card size="1">
                <Flex direction="column" gap="1" align="start">
                  <Flex justify="between" align="center" gap="2" wrap="wrap" width="100%">
                    <Code variant="ghost">{delivery.eventType}</Code>
                    <DeliveryStatusBadge delivery={delivery} />
                  </Flex>
                  <Text size="1" color="gray">
                    {formatDateTime(delivery.createdAt)} · {attemptsWords(delivery.attempts)}
                    {delivery.lastCode !== null ? ` · code ${delivery.lastCode}` : ''}
                    {delivery.lastDurationMs !== null
                      ? ` · ${durationWords(delivery.lastDurationMs)}`
                      : ''}
                  </Text>
                  {delivery.lastError && (
                    <Text size="1" color="red" style={{ overflowWrap: 'anywhere' }}>
                      {delivery.lastError}
                    </Text>
                  )}
                  <Actions delivery={delivery} {...actions} />
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
    )
  return (
    <Table.Root variant="ghost" size="2">
      <VisuallyHidden asChild>
        <caption>Deliveries</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          {COLUMNS.map((column) => (
            <Table.ColumnHeaderCell key={column} style={{ whiteSpace: 'nowrap' }}>
              {column}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {deliveries.map((delivery) => (
          <Table.Row key={delivery.id}>
            <Table.Cell>
              <Code variant="ghost">{delivery.eventType}</Code>
            </Table.Cell>
            <Table.Cell>
              <DeliveryStatusBadge delivery={delivery} />
            </Table.Cell>
            <Table.Cell>{delivery.attempts}</Table.Cell>
            <Table.Cell>{code(delivery.lastCode)}</Table.Cell>
            <Table.Cell style={{ whiteSpace: 'nowrap' }}>
              {durationWords(delivery.lastDurationMs)}
            </Table.Cell>
            <Table.Cell>{formatDateTime(delivery.createdAt)}</Table.Cell>
            <Table.Cell>
              <Actions delivery={delivery} {...actions} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}
