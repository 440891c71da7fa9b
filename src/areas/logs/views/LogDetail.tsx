import {
  Badge,
  Button,
  Code,
  DataList,
  Dialog,
  Flex,
  Link as RadixLink,
  Table,
  Text,
} from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { failureReason, logPerson, logText } from '../../../../schema/audit-text'
import { kindOfAction, ACTION_KIND_WORDS, type LogEvent } from '../../../../schema/logs'
import { replayMachineOf } from '../../../../schema/replay'
import { summarizeUserAgent } from '../../../../schema/user-agent'
import { Guarded } from '../../../kit/views/guard/Guarded'
import { formatDateTime } from '../../../kit/views/format/dateTime'
import { OUTCOME_COLOR } from './outcomeColor'

type Change = { field: string; before: unknown; after: unknown }

/** Every before/after the event records: `changes: {field: {before, after}}`, or a service's from/to. */
export function changesOf(event: LogEvent): Change[] {
  const detail = event.detail ?? {}
  const changes = detail.changes
  const listed =
    changes && typeof changes === 'object'
      ? Object.entries(changes as Record<string, { before?: unknown; after?: unknown }>)
          .filter(([, c]) => c && typeof c === 'object')
          .map(([field, c]) => ({ field, before: c.before, after: c.after }))
      : []
  if ('from' in detail || 'to' in detail)
    listed.push({
      field: typeof detail.field === 'string' ? detail.field : 'value',
      before: detail.from,
      after: detail.to,
    })
  return listed
}

/** The two people an event may name, each with a link to the logs filtered by them. */
const PEOPLE = [
  { key: 'actor', label: 'Actor', filter: 'actor', link: 'Everything this person did' },
  { key: 'subject', label: 'User', filter: 'user', link: 'Everything about this user' },
] as const

const shown = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

/** One event in full: who, whom, which service, from where, and every before/after. */
export function LogDetail({ event, onClose }: { event: LogEvent | null; onClose: () => void }) {
  return (
    <Dialog.Root open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="640px" aria-describedby={undefined}>
        {event && <EventDetail event={event} onFiltered={onClose} />}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <RadixLink asChild>
              <button type="button" className="logs-close">
                Close
              </button>
            </RadixLink>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** A link to Logs filtered on one more thing (kept in the URL), which closes the detail. */
function FilterLink({
  filter,
  id,
  onFiltered,
  children,
}: {
  filter: 'actor' | 'user' | 'service'
  id: string
  onFiltered: () => void
  children: string
}) {
  return (
    <RadixLink asChild size="1">
      <Link to="/logs" search={(prev) => ({ ...prev, [filter]: id })} onClick={onFiltered}>
        {children}
      </Link>
    </RadixLink>
  )
}

function EventDetail({ event, onFiltered }: { event: LogEvent; onFiltered: () => void }) {
  const reason = failureReason(event)
  const changes = changesOf(event)
  const kind = kindOfAction(event.action)
  return (
    <>
      <Dialog.Title size="4">{logText(event)}</Dialog.Title>
      <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <DataList.Item>
          <DataList.Label>When</DataList.Label>
          <DataList.Value>
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Action</DataList.Label>
          <DataList.Value>
            <Code>{event.action}</Code>
            {kind && <Text color="gray">&nbsp;({ACTION_KIND_WORDS[kind]})</Text>}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Outcome</DataList.Label>
          <DataList.Value>
            <Badge color={OUTCOME_COLOR[event.outcome]} highContrast>
              {event.outcome}
            </Badge>
          </DataList.Value>
        </DataList.Item>
        {reason && (
          <DataList.Item>
            <DataList.Label>Reason</DataList.Label>
            <DataList.Value>{reason}</DataList.Value>
          </DataList.Item>
        )}
        {PEOPLE.map(({ key, label, filter, link }) => {
          const person = event[key]
          return (
            <Person key={key} label={label} person={person}>
              {person && (
                <FilterLink filter={filter} id={person.id} onFiltered={onFiltered}>
                  {link}
                </FilterLink>
              )}
            </Person>
          )
        })}
        {event.service && (
          <DataList.Item>
            <DataList.Label>Service</DataList.Label>
            <DataList.Value>
              {event.service.name !== null ? (
                <RadixLink asChild>
                  <Link to="/services/$id" params={{ id: event.service.id }}>
                    {event.service.name}
                  </Link>
                </RadixLink>
              ) : (
                'removed'
              )}
              <Text color="gray">&nbsp;{event.service.id}</Text>
              <br />
              <FilterLink filter="service" id={event.service.id} onFiltered={onFiltered}>
                Everything about this service
              </FilterLink>
            </DataList.Value>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.Label>Address</DataList.Label>
          <DataList.Value>{event.ip ?? '—'}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Device</DataList.Label>
          <DataList.Value>
            {event.userAgent ? (
              <span title={event.userAgent}>{summarizeUserAgent(event.userAgent)}</span>
            ) : (
              '—'
            )}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Event id</DataList.Label>
          <DataList.Value>
            <Code>{event.id}</Code>
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <ShowOnChart event={event} onOpened={onFiltered} />
      {changes.length > 0 && (
        <Table.Root size="1" mt="3" aria-label="Changes">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Field</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Before</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>After</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changes.map((change) => (
              <Table.Row key={change.field}>
                <Table.RowHeaderCell>{change.field}</Table.RowHeaderCell>
                <Table.Cell>{shown(change.before)}</Table.Cell>
                <Table.Cell>{shown(change.after)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {event.detail && (
        <details className="logs-raw">
          <summary>
            <Text size="2">Recorded detail</Text>
          </summary>
          <pre>{JSON.stringify(event.detail, null, 2)}</pre>
        </details>
      )}
    </>
  )
}

/**
 * A step of a sign-in, a password reset, a service sign-in or a lockout: its attempt replayed on
 * the statechart that drove it (docs/flows-replay.md), for those who may read the Flows.
 */
function ShowOnChart({ event, onOpened }: { event: LogEvent; onOpened: () => void }) {
  const machine = replayMachineOf(event)
  if (!machine) return null
  return (
    <Guarded permission="flows.read" silent>
      <Flex mt="3">
        <Button asChild variant="soft" size="2">
          <Link
            to="/flows/$machine/replay/$logId"
            params={{ machine, logId: event.id }}
            onClick={onOpened}
          >
            Show on the chart
          </Link>
        </Button>
      </Flex>
    </Guarded>
  )
}

function Person({
  label,
  person,
  children,
}: {
  label: string
  person: LogEvent['actor']
  children?: React.ReactNode
}) {
  if (!person) return null
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>
        <Flex direction="column">
          {person.email !== null ? (
            <RadixLink asChild>
              <Link to="/users/$id" params={{ id: person.id }}>
                {logPerson(person)}
              </Link>
            </RadixLink>
          ) : (
            <Text>{logPerson(person)}</Text>
          )}
          <Text size="1" color="gray">
            {person.email ?? 'removed'} · {person.id}
          </Text>
          {children}
        </Flex>
      </DataList.Value>
    </DataList.Item>
  )
}
