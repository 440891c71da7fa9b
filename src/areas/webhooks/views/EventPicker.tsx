import { Checkbox, Code, Flex, RadioGroup, Text } from '@radix-ui/themes'
import { useId } from 'react'
import {
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_WORDS,
  WEBHOOK_TEST,
} from '../../../../schema/webhooks'
import { ErrorText } from '../../../kit/views/form/ErrorText'

type Props = {
  all: boolean
  events: readonly string[]
  busy: boolean
  /** The server's refusal of the events, shown under them. */
  error: string | null
  onAll: (on: boolean) => void
  onEvent: (eventType: string, on: boolean) => void
}

const GROUPS = [
  ...WEBHOOK_EVENT_GROUPS,
  { kind: 'test', label: 'Test', events: [WEBHOOK_TEST] },
] as const

/**
 * What an endpoint receives: 'All events' (today's and those added later), or the events checked,
 * grouped as the Logs screen's kinds are, each with what it means.
 */
export function EventPicker({ all, events, busy, error, onAll, onEvent }: Props) {
  const id = useId()
  return (
    <Flex direction="column" gap="2" role="group" aria-labelledby={`${id}-events`}>
      <Text id={`${id}-events`} size="2" weight="medium">
        Events
      </Text>
      <RadioGroup.Root
        value={all ? 'all' : 'some'}
        disabled={busy}
        aria-labelledby={`${id}-events`}
        onValueChange={(value) => onAll(value === 'all')}
      >
        <Flex gap="4" wrap="wrap">
          <RadioGroup.Item value="all">All events</RadioGroup.Item>
          <RadioGroup.Item value="some">Choose events</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      {all && (
        <Text size="1" color="gray">
          Every event, including kinds added to Gatehouse later.
        </Text>
      )}
      {!all &&
        GROUPS.map((group) => (
          <Flex
            key={group.kind}
            direction="column"
            gap="1"
            role="group"
            aria-labelledby={`${id}-g-${group.kind}`}
          >
            <Text id={`${id}-g-${group.kind}`} size="2" weight="medium" color="gray" mt="2">
              {group.label}
            </Text>
            {group.events.map((eventType) => (
              <Text as="label" size="2" key={eventType}>
                <Flex gap="2" align="start">
                  <Checkbox
                    checked={events.includes(eventType)}
                    disabled={busy}
                    aria-labelledby={`${id}-e-${eventType}`}
                    aria-describedby={`${id}-w-${eventType}`}
                    onCheckedChange={(on) => onEvent(eventType, on === true)}
                  />
                  <Flex direction="column" minWidth="0">
                    <Code id={`${id}-e-${eventType}`} variant="ghost" size="2">
                      {eventType}
                    </Code>
                    <Text id={`${id}-w-${eventType}`} size="1" color="gray">
                      {WEBHOOK_EVENT_WORDS[eventType] ?? ''}
                    </Text>
                  </Flex>
                </Flex>
              </Text>
            ))}
          </Flex>
        ))}
      {!all && events.length === 0 && !error && (
        <Text size="1" color="gray">
          Choose at least one event.
        </Text>
      )}
      {error && <ErrorText message={error} />}
    </Flex>
  )
}
