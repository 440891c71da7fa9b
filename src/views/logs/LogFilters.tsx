import { Cross2Icon } from '@radix-ui/react-icons'
import { Badge, Button, Flex, IconButton, Select, Text, TextField } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { ACTION_KIND_WORDS, ActionKinds, Outcomes } from '../../../schema/log-kinds'
import { RANGE_WORDS, type LogsSearch } from '../../machines/logsFilters'

const ANY = 'any'
const OUTCOME_WORDS = { success: 'Success', failure: 'Failure', refused: 'Refused' } as const
const ID_FILTERS = [
  ['user', 'User'],
  ['actor', 'Actor'],
  ['service', 'Service'],
] as const

/** 'YYYY-MM-DDTHH:mm' in local time, for a datetime-local input. */
const localInput = (iso: string | undefined) => {
  if (!iso) return ''
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : undefined)

/** The filters of /logs; each change rewrites the URL, which the list follows. */
export function LogFilters({ search }: { search: LogsSearch }) {
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
  const submitIp = (event: FormEvent) => {
    event.preventDefault()
    set({ ip: ip.trim() || undefined })
  }
  const range = search.range ?? 'all'
  return (
    <Flex direction="column" gap="2" role="group" aria-label="Filters">
      <Flex gap="2" wrap="wrap" align="end">
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
        <form onSubmit={submitIp} role="search" aria-label="Address">
          <Labelled label="Address">
            <TextField.Root
              aria-label="Address"
              placeholder="e.g. 10.0.0.7"
              value={ip}
              onChange={(e) => setIp(e.target.value)}
              onBlur={() => ip.trim() !== (search.ip ?? '') && set({ ip: ip.trim() || undefined })}
              style={{ width: '12em' }}
            />
          </Labelled>
        </form>
      </Flex>
      {range === 'custom' && (
        <Flex gap="2" wrap="wrap" align="end">
          <Labelled label="From">
            <TextField.Root
              type="datetime-local"
              aria-label="From"
              value={localInput(search.from)}
              onChange={(e) => set({ from: fromLocal(e.target.value) })}
            />
          </Labelled>
          <Labelled label="To">
            <TextField.Root
              type="datetime-local"
              aria-label="To"
              value={localInput(search.to)}
              onChange={(e) => set({ to: fromLocal(e.target.value) })}
            />
          </Labelled>
        </Flex>
      )}
      {(ID_FILTERS.some(([key]) => search[key]) || Object.keys(search).length > 0) && (
        <Flex gap="2" wrap="wrap" align="center">
          {ID_FILTERS.map(([key, words]) =>
            search[key] ? (
              <Badge key={key} size="2" variant="soft" color="gray">
                {words} {search[key].slice(0, 8)}…
                <IconButton
                  size="1"
                  variant="ghost"
                  color="gray"
                  aria-label={`Remove the ${words.toLowerCase()} filter`}
                  onClick={() => set({ [key]: undefined })}
                >
                  <Cross2Icon aria-hidden />
                </IconButton>
              </Badge>
            ) : null,
          )}
          {Object.keys(search).length > 0 && (
            <Button
              size="1"
              variant="ghost"
              onClick={() => void navigate({ to: '/logs', search: {} })}
            >
              Clear filters
            </Button>
          )}
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
