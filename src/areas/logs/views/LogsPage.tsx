import { DownloadIcon } from '@radix-ui/react-icons'
import { Badge, Button, Flex, Link as RadixLink, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { logText } from '../../../../schema/audit-text'
import type { LogEvent } from '../../../../schema/logs'
import { filterCount, type LogsSearch } from '../machines/logsFilters'
import {
  filterDrawerMachine,
  type FilterDrawerActor,
} from '../../../kit/machines/filterDrawer.machine'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { FilterDrawer } from '../../../kit/views/list/FilterDrawer'
import { FiltersToggle } from '../../../kit/views/list/FiltersButton'
import { ListToolbar } from '../../../kit/views/list/ListToolbar'
import { ShowResultsButton } from '../../../kit/views/list/ShowResults'
import {
  logsListMachine,
  type LogsListActor,
  type LogsListSnapshot,
} from '../machines/logsList.machine'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { EventTime } from '../../../kit/views/timeline/EventTime'
import { PagedEvents, type PagedWords } from '../../../kit/views/timeline/PagedEvents'
import { LogDetail } from './LogDetail'
import { LogFilters } from './LogFilters'
import { OUTCOME_COLOR } from './outcomeColor'
import './logs.css'

const selectCsv = (s: LogsListSnapshot) => s.context.csvHref
const selectSelected = (s: LogsListSnapshot) =>
  s.context.events.find((e) => e.id === s.context.selected) ?? null

const RETRY = { type: 'logs.retry' } as const
const LOAD_MORE = { type: 'logs.loadMore' } as const
const WORDS: PagedWords = {
  label: 'Log events',
  loading: 'Loading logs…',
  empty: 'No events match these filters.',
  failed: 'The logs could not be loaded',
}

/**
 * /logs: the audit log as sentences, newest first, under the filters in the URL (docs/logs.md).
 * From md the filters are a bar under the title; on a phone they wait in the list screens' filter
 * sheet behind Show Filters, whose badge counts them.
 */
export function LogsPage({ search }: { search: LogsSearch }) {
  const actor = useScreenActor(logsListMachine, { input: { search } })
  const drawer = useScreenActor(filterDrawerMachine)
  const desktop = useMediaQuery(MEDIA.desktop)
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
      <PageHeader title="Logs" />
      {desktop ? (
        <ListToolbar
          label="Logs list tools"
          // The filters are the Logs' search: the bar takes the width before Export CSV.
          search={<LogFilters search={search} />}
          searchFills
          actions={actor && <ExportCsv actor={actor} />}
        />
      ) : (
        <ListToolbar
          label="Logs list tools"
          filters={
            drawer && (
              <FiltersToggle drawer={drawer} changed={filterCount(search)} controls="log-filters" />
            )
          }
          actions={actor && <ExportCsv actor={actor} />}
        />
      )}
      {!desktop && drawer && <LogFilterSheet drawer={drawer} search={search} />}
      {actor && <LogsList actor={actor} />}
    </Flex>
  )
}

/** The phone's filter sheet: the filters one a line, and 'Show results' back to the events. */
function LogFilterSheet({ drawer, search }: { drawer: FilterDrawerActor; search: LogsSearch }) {
  return (
    <FilterDrawer
      drawer={drawer}
      mode="sheet"
      id="log-filters"
      footer={<ShowResultsButton drawer={drawer} count={null} />}
    >
      <LogFilters search={search} stacked />
    </FilterDrawer>
  )
}

function ExportCsv({ actor }: { actor: LogsListActor }) {
  const href = useSelector(actor, selectCsv)
  return (
    <Button asChild variant="soft">
      <a href={href} download>
        <DownloadIcon aria-hidden /> Export CSV
      </a>
    </Button>
  )
}

function LogsList({ actor }: { actor: LogsListActor }) {
  const selected = useSelector(actor, selectSelected)
  return (
    <PagedEvents
      actor={actor}
      retry={RETRY}
      loadMore={LOAD_MORE}
      words={WORDS}
      infinite
      className="logs-list"
      item={(event, now) => (
        <LogRow
          key={event.id}
          event={event}
          now={now}
          onOpen={() => actor.send({ type: 'logs.open', id: event.id })}
        />
      )}
    >
      <LogDetail event={selected} onClose={() => actor.send({ type: 'logs.close' })} />
    </PagedEvents>
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
        <Flex gap="2" align="center" wrap="wrap" className="logs-meta">
          <Text size="1" color="gray">
            <EventTime at={event.at} now={now} />
          </Text>
          {event.outcome !== 'success' && (
            <Badge size="1" color={OUTCOME_COLOR[event.outcome]} highContrast>
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
