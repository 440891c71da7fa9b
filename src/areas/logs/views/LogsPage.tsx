import { Reading, ReadFailure } from '../../../kit/views/page/ReadStatus'
import { DownloadIcon } from '@radix-ui/react-icons'
import { Badge, Button, Flex, Link as RadixLink, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { logText, timeAgo } from '../../../../schema/audit-text'
import type { LogEvent } from '../../../../schema/logs'
import type { LogsSearch } from '../machines/logsFilters'
import {
  logsListMachine,
  type LogsListActor,
  type LogsListSnapshot,
} from '../machines/logsList.machine'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { LogDetail } from './LogDetail'
import { LogFilters } from './LogFilters'
import './logs.css'

const selectEvents = (s: LogsListSnapshot) => s.context.events
const selectLoading = (s: LogsListSnapshot) => s.hasTag('busy') && s.context.events.length === 0
const selectBusy = (s: LogsListSnapshot) => s.hasTag('busy')
const selectError = (s: LogsListSnapshot) => (s.hasTag('error') ? s.context.error : null)
const selectCanRetry = (s: LogsListSnapshot) => s.can({ type: 'logs.retry' })
const selectCanLoadMore = (s: LogsListSnapshot) => s.can({ type: 'logs.loadMore' })
const selectHasMore = (s: LogsListSnapshot) => s.context.cursor !== null
const selectCsv = (s: LogsListSnapshot) => s.context.csvHref
const selectSelected = (s: LogsListSnapshot) =>
  s.context.events.find((e) => e.id === s.context.selected) ?? null

const OUTCOME_COLOR = { success: 'green', failure: 'red', refused: 'orange' } as const

/** /logs: the audit log as sentences, newest first, under the filters in the URL (docs/logs.md). */
export function LogsPage({ search }: { search: LogsSearch }) {
  const actor = useScreenActor(logsListMachine, { input: { search } })
  // The URL is the filters' home: a change there (a filter, Back, a link) starts the list over.
  const first = useRef(true)
  const key = JSON.stringify(search)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    actor?.send({ type: 'logs.filter', search: JSON.parse(key) as LogsSearch })
  }, [actor, key])
  return (
    <Flex direction="column" gap="3">
      <PageHeader title="Logs">{actor && <ExportCsv actor={actor} />}</PageHeader>
      <LogFilters search={search} />
      {actor && <LogsList actor={actor} />}
    </Flex>
  )
}

function ExportCsv({ actor }: { actor: LogsListActor }) {
  const href = useSelector(actor, selectCsv)
  return (
    <Flex ml="auto">
      <Button asChild variant="soft">
        <a href={href} download>
          <DownloadIcon aria-hidden /> Export CSV
        </a>
      </Button>
    </Flex>
  )
}

function LogsList({ actor }: { actor: LogsListActor }) {
  const events = useSelector(actor, selectEvents)
  const loading = useSelector(actor, selectLoading)
  const busy = useSelector(actor, selectBusy)
  const error = useSelector(actor, selectError)
  const canRetry = useSelector(actor, selectCanRetry)
  const canLoadMore = useSelector(actor, selectCanLoadMore)
  const hasMore = useSelector(actor, selectHasMore)
  const selected = useSelector(actor, selectSelected)
  const [now] = useState(Date.now)
  const end = useRef<HTMLDivElement>(null)

  // Infinite paging: reaching the list's end asks for the next page ('Load older' does the same).
  useEffect(() => {
    const target = end.current
    if (!target || typeof IntersectionObserver === 'undefined' || !canLoadMore) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) actor.send({ type: 'logs.loadMore' })
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [actor, canLoadMore, events.length])

  if (loading) return <Reading message="Loading logs…" />
  return (
    <Flex direction="column" gap="2">
      {events.length === 0 && !error && <Text color="gray">No events match these filters.</Text>}
      {events.length > 0 && (
        <Flex direction="column" asChild>
          <ol aria-label="Log events" className="logs-list">
            {events.map((event) => (
              <LogRow
                key={event.id}
                event={event}
                now={now}
                onOpen={() => actor.send({ type: 'logs.open', id: event.id })}
              />
            ))}
          </ol>
        </Flex>
      )}
      {error && (
        <ReadFailure
          message={
            events.length === 0
              ? 'The logs could not be loaded'
              : 'Older events could not be loaded'
          }
          error={error}
          onRetry={canRetry ? () => actor.send({ type: 'logs.retry' }) : undefined}
        />
      )}
      {hasMore && events.length > 0 && (
        <Flex justify="center" ref={end}>
          <Button
            variant="soft"
            size="1"
            loading={busy}
            disabled={!canLoadMore}
            onClick={() => actor.send({ type: 'logs.loadMore' })}
          >
            Load older
          </Button>
        </Flex>
      )}
      <LogDetail event={selected} onClose={() => actor.send({ type: 'logs.close' })} />
    </Flex>
  )
}

function LogRow({ event, now, onOpen }: { event: LogEvent; now: number; onOpen: () => void }) {
  const sentence = logText(event)
  return (
    <li className="logs-row">
      <Flex direction="column" gap="1" minWidth="0" flexGrow="1">
        <Text as="div" size="2" className="logs-sentence">
          {sentence}
        </Text>
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="1" color="gray">
            <time dateTime={event.at} title={formatDateTime(event.at)}>
              {timeAgo(event.at, now)}
            </time>
          </Text>
          {event.outcome !== 'success' && (
            <Badge size="1" color={OUTCOME_COLOR[event.outcome]}>
              {event.outcome}
            </Badge>
          )}
          {event.subject && event.subject.email !== null && (
            <RadixLink size="1" asChild>
              <Link to="/users/$id" params={{ id: event.subject.id }}>
                {event.subject.email}
              </Link>
            </RadixLink>
          )}
          {event.service && event.service.name !== null && (
            <RadixLink size="1" asChild>
              <Link to="/services/$id" params={{ id: event.service.id }}>
                {event.service.name}
              </Link>
            </RadixLink>
          )}
        </Flex>
      </Flex>
      <Button
        size="1"
        variant="ghost"
        onClick={onOpen}
        aria-label={`Details: ${sentence}`}
        className="logs-open"
      >
        Details
      </Button>
    </li>
  )
}
