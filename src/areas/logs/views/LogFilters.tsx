import { Button, Flex, Select, Switch, Text, TextField } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ACTION_KIND_WORDS, ActionKinds, Outcomes } from '../../../../schema/log-kinds'
import { RANGE_WORDS, type LogsSearch } from '../machines/logsFilters'
import type { PickerKind } from '../machines/logsPicker.machine'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { FilterChip } from './FilterChip'
import { IdPicker } from './IdPicker'
import { useLogsPicker } from './useLogsPicker'

const ANY = 'any'
const OUTCOME_WORDS = { success: 'Success', failure: 'Failure', refused: 'Refused' } as const
/** The id filters: their words, what the picker's box asks for, what it searches. */
const ID_FILTERS = [
  { key: 'user', words: 'User', placeholder: 'Name or email', things: 'users' },
  { key: 'actor', words: 'Actor', placeholder: 'Name or email', things: 'users' },
  { key: 'service', words: 'Service', placeholder: 'Service name', things: 'services' },
] as const satisfies readonly {
  key: PickerKind
  words: string
  placeholder: string
  things: string
}[]

/** A custom range's two ends, as their inputs are labelled. */
const RANGE_ENDS = [
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
] as const

const localInput = (iso: string | undefined) => {
  if (!iso) return ''
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : undefined)

/** The Address box applies what is typed once typing pauses this long, as the pickers search. */
export const ADDRESS_DEBOUNCE_MS = 300

type Props = {
  search: LogsSearch
  /** In the phone's filter sheet: one field a line, each the sheet's width. */
  stacked?: boolean
}

/**
 * The filters of /logs; each change rewrites the URL, which the list follows. Every box applies
 * as the person goes: the selects and pickers at once, the Address once typing pauses (Enter at
 * once).
 */
export function LogFilters({ search, stacked = false }: Props) {
  const navigate = useNavigate()
  const set = (change: Partial<LogsSearch>) => {
    const next = Object.fromEntries(
      Object.entries({ ...search, ...change }).filter(([, v]) => v !== undefined && v !== ''),
    ) as LogsSearch
    void navigate({ to: '/logs', search: next })
  }
  const [ip, setIp] = useState(search.ip ?? '')
  const [shownIp, setShownIp] = useState(search.ip)
  if (shownIp !== search.ip) {
    setShownIp(search.ip)
    setIp(search.ip ?? '')
  }
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // Leaving the page drops an Address not yet applied.
  useEffect(() => () => clearTimeout(pending.current), [])
  const applyIp = (value: string) => {
    clearTimeout(pending.current)
    if (value.trim() !== (search.ip ?? '')) set({ ip: value.trim() || undefined })
  }
  const typeIp = (value: string) => {
    setIp(value)
    clearTimeout(pending.current)
    pending.current = setTimeout(() => applyIp(value), ADDRESS_DEBOUNCE_MS)
  }
  const submitIp = (event: FormEvent) => {
    event.preventDefault()
    applyIp(ip)
  }
  const range = search.range ?? 'all'
  // Pickers search the identity cache, which holds only what the person may read.
  const readsUsers = useAccess({ permission: 'users.read' })
  const readsServices = useAccess({ permission: 'services.read' })
  const pickers = {
    user: useLogsPicker('user', search.user),
    actor: useLogsPicker('actor', search.actor),
    service: useLogsPicker('service', search.service),
  }
  const offered = ID_FILTERS.filter(({ key }) => (key === 'service' ? readsServices : readsUsers))
  return (
    <Flex direction="column" gap={stacked ? '4' : '2'} role="group" aria-label="Filters">
      <Flex
        gap={stacked ? '3' : '2'}
        wrap="wrap"
        align={stacked ? 'stretch' : 'end'}
        direction={stacked ? 'column' : 'row'}
      >
        <Labelled label="Time">
          <Select.Root
            value={range}
            onValueChange={(value) =>
              set(
                value === 'all'
                  ? { range: undefined, from: undefined, to: undefined }
                  : { range: value as LogsSearch['range'] },
              )
            }
          >
            <Select.Trigger aria-label="Time" />
            <Select.Content>
              {Object.entries(RANGE_WORDS).map(([value, words]) => (
                <Select.Item key={value} value={value}>
                  {words}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Labelled>
        <Labelled label="Kind">
          <Select.Root
            value={
              search.kinds && !search.kinds.includes(',')
                ? search.kinds
                : search.kinds
                  ? 'several'
                  : ANY
            }
            onValueChange={(value) => set({ kinds: value === ANY ? undefined : value })}
          >
            <Select.Trigger aria-label="Kind" />
            <Select.Content>
              <Select.Item value={ANY}>Every kind</Select.Item>
              {search.kinds?.includes(',') && (
                <Select.Item value="several" disabled>
                  {search.kinds
                    .split(',')
                    .map((k) => ACTION_KIND_WORDS[k as keyof typeof ACTION_KIND_WORDS])
                    .join(', ')}
                </Select.Item>
              )}
              {ActionKinds.map((kind) => (
                <Select.Item key={kind} value={kind}>
                  {ACTION_KIND_WORDS[kind]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Labelled>
        <Labelled label="Outcome">
          <Select.Root
            value={search.outcome ?? ANY}
            onValueChange={(value) =>
              set({ outcome: value === ANY ? undefined : (value as LogsSearch['outcome']) })
            }
          >
            <Select.Trigger aria-label="Outcome" />
            <Select.Content>
              <Select.Item value={ANY}>Any outcome</Select.Item>
              {Outcomes.map((outcome) => (
                <Select.Item key={outcome} value={outcome}>
                  {OUTCOME_WORDS[outcome]}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Labelled>
        {offered.map(({ key, words, placeholder, things }) => {
          const actor = pickers[key]
          return (
            <Labelled key={key} label={words}>
              {actor ? (
                <IdPicker
                  actor={actor}
                  label={words}
                  placeholder={placeholder}
                  things={things}
                  onChoose={(id) => set({ [key]: id })}
                />
              ) : (
                <TextField.Root aria-label={words} placeholder={placeholder} disabled />
              )}
            </Labelled>
          )
        })}
        <form onSubmit={submitIp} role="search" aria-label="Address">
          <Labelled label="Address">
            <TextField.Root
              aria-label="Address"
              placeholder="e.g. 10.0.0.7"
              value={ip}
              onChange={(e) => typeIp(e.target.value)}
              onBlur={() => applyIp(ip)}
              style={stacked ? undefined : { width: '12em' }}
            />
          </Labelled>
        </form>
      </Flex>
      {range === 'custom' && (
        <Flex gap="2" wrap="wrap" align="end" direction={stacked ? 'column' : 'row'}>
          {RANGE_ENDS.map(({ key, label }) => (
            <Labelled key={key} label={label}>
              <TextField.Root
                type="datetime-local"
                aria-label={label}
                className="logs-datetime"
                value={localInput(search[key])}
                onChange={(e) => set({ [key]: fromLocal(e.target.value) })}
              />
            </Labelled>
          ))}
        </Flex>
      )}
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch
            checked={search.system !== 'show'}
            onCheckedChange={(hide) => set({ system: hide ? undefined : 'show' })}
          />
          Hide system events
        </Flex>
      </Text>
      {Object.keys(search).length > 0 && (
        <Flex gap="2" wrap="wrap" align="center">
          {ID_FILTERS.map(({ key, words }) => {
            const id = search[key]
            return id ? (
              <FilterChip
                key={key}
                actor={pickers[key]}
                words={words}
                id={id}
                onRemove={() => set({ [key]: undefined })}
              />
            ) : null
          })}
          <Button
            size="1"
            variant="ghost"
            onClick={() => void navigate({ to: '/logs', search: {} })}
          >
            Clear filters
          </Button>
        </Flex>
      )}
    </Flex>
  )
}

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text size="1" color="gray" aria-hidden>
        {label}
      </Text>
      {children}
    </Flex>
  )
}
