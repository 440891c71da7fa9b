import { Button, Callout, Flex, Link, Spinner, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import {
  userTimelineMachine,
  type UserTimelineActor,
  type UserTimelineSnapshot,
} from '../../machines/userTimeline.machine'
import { useScreenActor } from '../../../../kit/views/actors/useScreenActor'
import { formatDateTime } from '../../../../kit/views/format/dateTime'
import { useAccess } from '../../../../kit/views/guard/useAccess'
import { DetailSection } from './DetailSection'
import { timeAgo, timelineText } from './timelineText'

const selectEvents = (s: UserTimelineSnapshot) => s.context.events
const selectLoading = (s: UserTimelineSnapshot) => s.hasTag('busy') && s.context.events.length === 0
const selectBusy = (s: UserTimelineSnapshot) => s.hasTag('busy')
const selectError = (s: UserTimelineSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanRetry = (s: UserTimelineSnapshot) => s.can({ type: 'timeline.retry' })
const selectCanLoadMore = (s: UserTimelineSnapshot) => s.can({ type: 'timeline.loadMore' })
const selectHasMore = (s: UserTimelineSnapshot) => s.context.cursor !== null

/** Everything the audit log says about the user, newest first; 'Show in Logs' for the rest. */
export function TimelineSection({ userId }: { userId: string }) {
  const actor = useScreenActor(userTimelineMachine, { input: { userId } })
  const logs = useAccess({ permission: 'logs.read' })
  return (
    <DetailSection title="Timeline">
      {actor && <TimelineEvents actor={actor} />}
      {logs && (
        <Link href={`/logs?user=${encodeURIComponent(userId)}`} size="2">
          Show in Logs
        </Link>
      )}
    </DetailSection>
  )
}

function TimelineEvents({ actor }: { actor: UserTimelineActor }) {
  const events = useSelector(actor, selectEvents)
  const loading = useSelector(actor, selectLoading)
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const canRetry = useSelector(actor, selectCanRetry)
  const canLoadMore = useSelector(actor, selectCanLoadMore)
  const hasMore = useSelector(actor, selectHasMore)
  // 'n days ago' as of when the timeline opened; the exact time is in each title.
  const [now] = useState(Date.now)
  if (loading) {
    return (
      <Flex align="center" gap="2">
        <Spinner /> <Text color="gray">Loading timeline…</Text>
      </Flex>
    )
  }
  return (
    <Flex direction="column" gap="2">
      {events.length === 0 && !error && <Text color="gray">Nothing happened yet.</Text>}
      {events.length > 0 && (
        <Flex direction="column" gap="2" asChild>
          <ol aria-label="Timeline events" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {events.map((event) => (
              <li key={event.id}>
                <Text as="div" size="2" color={event.outcome === 'success' ? undefined : 'red'}>
                  {timelineText(event)}
                </Text>
                <Text as="div" size="1" color="gray">
                  <time dateTime={event.at} title={formatDateTime(event.at)}>
                    {timeAgo(event.at, now)}
                  </time>
                </Text>
              </li>
            ))}
          </ol>
        </Flex>
      )}
      {error && (
        <Callout.Root color="red" role="alert" size="1">
          <Flex align="center" gap="3" wrap="wrap">
            <Callout.Text>
              {events.length === 0
                ? 'The timeline could not be loaded'
                : 'Older events could not be loaded'}
              : {error}
            </Callout.Text>
            {canRetry && (
              <Button
                size="1"
                variant="soft"
                onClick={() => actor.send({ type: 'timeline.retry' })}
              >
                Retry
              </Button>
            )}
          </Flex>
        </Callout.Root>
      )}
      {hasMore && events.length > 0 && (
        <Flex justify="center">
          <Button
            variant="soft"
            size="1"
            loading={busy}
            disabled={!canLoadMore}
            onClick={() => actor.send({ type: 'timeline.loadMore' })}
          >
            Load older
          </Button>
        </Flex>
      )}
    </Flex>
  )
}
