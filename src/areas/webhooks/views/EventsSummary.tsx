import { Code, Flex, Text } from '@radix-ui/themes'
import { WEBHOOK_EVENT_WORDS } from '../../../../schema/webhooks'
import { eventsWords } from './webhookText'

/** 'All events', or '3 events' that opens to the list (a native disclosure: keyboard and readers). */
export function EventsSummary({ events }: { events: readonly string[] }) {
  const words = eventsWords(events)
  if (events.includes('*')) return <Text>{words}</Text>
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>
        <Text>{words}</Text>
      </summary>
      <Flex asChild direction="column" gap="1" mt="1">
        <ul style={{ margin: 0, paddingLeft: 'var(--space-4)' }}>
          {events.map((eventType) => (
            <li key={eventType}>
              <Code variant="ghost">{eventType}</Code>{' '}
              <Text size="1" color="gray">
                {WEBHOOK_EVENT_WORDS[eventType] ?? ''}
              </Text>
            </li>
          ))}
        </ul>
      </Flex>
    </details>
  )
}
