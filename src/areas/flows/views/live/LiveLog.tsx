import { Box, Flex, Heading, Text } from '@radix-ui/themes'
import type { FlowGraph } from '../../../../flows/graph'
import type { LogEntry } from './followed'
import { statesInWords, stepInWords } from './liveWords'

const time = (at: number) =>
  new Date(at).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })

/** The followed actor's last steps, newest first, in the chart's own words. */
export function LiveLog({ graph, log }: { graph: FlowGraph; log: LogEntry[] }) {
  return (
    <Box>
      <Heading as="h3" size="2" mb="2">
        Last events
      </Heading>
      {log.length === 0 ? (
        <Text as="p" size="2" color="gray">
          Nothing has happened since this panel opened.
        </Text>
      ) : (
        <Flex asChild direction="column" gap="2" m="0" p="0" style={{ listStyle: 'none' }}>
          <ol aria-label="Last events, newest first">
            {[...log].reverse().map((entry) => (
              <li
                key={`${entry.at} ${entry.eventType} ${entry.taken.join(' ')} ${entry.ended ?? ''}`}
              >
                <Text as="div" size="2">
                  {stepInWords(graph, entry)}
                </Text>
                <Text as="div" size="1" color="gray">
                  <time dateTime={new Date(entry.at).toISOString()}>{time(entry.at)}</time>
                  {' · '}
                  {entry.eventType && !entry.ended ? `${entry.eventType} → ` : ''}
                  {statesInWords(graph, entry.active)}
                </Text>
              </li>
            ))}
          </ol>
        </Flex>
      )}
    </Box>
  )
}
