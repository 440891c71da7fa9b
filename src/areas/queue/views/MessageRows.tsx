import { Badge, Button, Card, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes'
import type { QueueMessage } from '../../../../schema/queue'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { CHANNEL_TEXT, mayCancel, mayRetry, STATUS_TEXT } from './queueText'
import { DateTime, HEADER_CELL } from './tableStyle'

type Props = {
  messages: readonly QueueMessage[]
  /** Retry and Cancel, when the person holds queue.write; off while something runs. */
  actions?: { busy: boolean; retry: (m: QueueMessage) => void; cancel: (m: QueueMessage) => void }
  wide: boolean
  label: string
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—')
const count = (n: number) => n.toLocaleString('en-US')

function StatusBadge({ message }: { message: QueueMessage }) {
  const status = STATUS_TEXT[message.status]
  // Radix's green 11 on its soft green is 4.28:1 at the badge's 12 px: step 12 text passes.
  return (
    <Badge color={status.color} highContrast>
      {status.label}
    </Badge>
  )
}

function Actions({ message, actions }: { message: QueueMessage; actions: Props['actions'] }) {
  if (!actions) return null
  const subject = message.subject ?? `${CHANNEL_TEXT[message.channel]} to ${message.recipient}`
  return (
    <Flex gap="2">
      {mayRetry(message) && (
        <Button
          size="1"
          variant="soft"
          disabled={actions.busy}
          aria-label={`Retry ${subject}`}
          onClick={() => actions.retry(message)}
        >
          Retry
        </Button>
      )}
      {mayCancel(message) && (
        <Button
          size="1"
          variant="soft"
          color="red"
          disabled={actions.busy}
          aria-label={`Cancel ${subject}`}
          onClick={() => actions.cancel(message)}
        >
          Cancel
        </Button>
      )}
    </Flex>
  )
}

const COLUMNS = [
  'Channel',
  'Recipient',
  'Subject',
  'Status',
  'Attempts',
  'Next attempt',
  'Last error',
  'Queued',
  'Sent',
] as const

/**
 * The messages: a table on desktop layouts (the Actions column only when a row offers Retry or
 * Cancel), cards on a phone. The text never shows, only the subject.
 */
export function MessageRows({ messages, actions, wide, label }: Props) {
  if (!wide) {
    return (
      <Flex direction="column" gap="2" asChild>
        <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.map((message) => (
            <li key={message.id}>
              <Card size="1">
                <Flex direction="column" gap="1">
                  <Flex justify="between" align="center" gap="2" wrap="wrap">
                    <Text size="2" weight="medium">
                      {CHANNEL_TEXT[message.channel]} to {message.recipient}
                    </Text>
                    <StatusBadge message={message} />
                  </Flex>
                  {message.subject && <Text size="2">{message.subject}</Text>}
                  <Text size="1" color="gray">
                    Queued {when(message.createdAt)} · {count(message.attempts)} attempt
                    {message.attempts === 1 ? '' : 's'}
                    {message.nextAttemptAt ? ` · next ${when(message.nextAttemptAt)}` : ''}
                    {message.sentAt ? ` · sent ${when(message.sentAt)}` : ''}
                  </Text>
                  {message.lastError && (
                    <Text size="1" color="red" style={{ overflowWrap: 'anywhere' }}>
                      {message.lastError}
                    </Text>
                  )}
                  <Actions message={message} actions={actions} />
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
    )
  }
  // No Actions column when no row offers Retry or Cancel (sent and cancelled messages).
  const withActions =
    !!actions && messages.some((message) => mayRetry(message) || mayCancel(message))
  return (
    // Radix puts props on the wrapper, so the table is named by its caption. The ghost style of
    // the other lists: no frame, a rule under each row.
    <Table.Root variant="ghost" size="2">
      <VisuallyHidden asChild>
        <caption>{label}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          {COLUMNS.map((column) => (
            <Table.ColumnHeaderCell key={column} style={HEADER_CELL}>
              {column}
            </Table.ColumnHeaderCell>
          ))}
          {withActions && (
            <Table.ColumnHeaderCell style={HEADER_CELL}>Actions</Table.ColumnHeaderCell>
          )}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {messages.map((message) => (
          <Table.Row key={message.id}>
            <Table.Cell>{CHANNEL_TEXT[message.channel]}</Table.Cell>
            <Table.Cell style={{ whiteSpace: 'nowrap' }}>{message.recipient}</Table.Cell>
            <Table.Cell>{message.subject ?? '—'}</Table.Cell>
            <Table.Cell>
              <StatusBadge message={message} />
            </Table.Cell>
            <Table.Cell>{count(message.attempts)}</Table.Cell>
            <Table.Cell>
              <DateTime iso={message.nextAttemptAt} />
            </Table.Cell>
            <Table.Cell style={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
              {message.lastError ?? '—'}
            </Table.Cell>
            <Table.Cell>
              <DateTime iso={message.createdAt} />
            </Table.Cell>
            <Table.Cell>
              <DateTime iso={message.sentAt} />
            </Table.Cell>
            {withActions && (
              <Table.Cell>
                <Actions message={message} actions={actions} />
              </Table.Cell>
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}
