import { Link, Text } from '@radix-ui/themes'
import { userTimelineMachine } from '../../machines/userTimeline.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { useAccess } from '../../../../kit/views/guard/useAccess'
import { EventTime } from '../../../../kit/views/timeline/EventTime'
import { PagedEvents, type PagedWords } from '../../../../kit/views/timeline/PagedEvents'
import { DetailSection } from './DetailSection'
import { timelineText } from './timelineText'

const RETRY = { type: 'timeline.retry' } as const
const LOAD_MORE = { type: 'timeline.loadMore' } as const
const WORDS: PagedWords = {
  label: 'Timeline events',
  loading: 'Loading timeline…',
  empty: 'Nothing happened yet.',
  failed: 'The timeline could not be loaded',
}
const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 }

/** Everything the audit log says about the user, newest first; 'Show in Logs' for the rest. */
export function TimelineSection({ userId }: { userId: string }) {
  const actor = useScreenActor(userTimelineMachine, { input: { userId } })
  const logs = useAccess({ permission: 'logs.read' })
  return (
    <DetailSection title="Timeline">
      {actor && (
        <PagedEvents
          actor={actor}
          retry={RETRY}
          loadMore={LOAD_MORE}
          words={WORDS}
          gap="2"
          style={LIST_STYLE}
          item={(event, now) => (
            <li key={event.id}>
              <Text as="div" size="2" color={event.outcome === 'success' ? undefined : 'red'}>
                {timelineText(event)}
              </Text>
              <Text as="div" size="1" color="gray">
                <EventTime at={event.at} now={now} />
              </Text>
            </li>
          )}
        />
      )}
      {logs && (
        <Link href={`/logs?user=${encodeURIComponent(userId)}`} size="2">
          Show in Logs
        </Link>
      )}
    </DetailSection>
  )
}
