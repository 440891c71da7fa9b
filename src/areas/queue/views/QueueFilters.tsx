import { Flex, Select } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { MessageChannels, MessageStatuses } from '../../../../schema/queue'
import type { QueueListActor } from '../machines/queueList.machine'
import { selectFilter } from '../machines/queueList.selectors'
import { CHANNEL_TEXT, STATUS_TEXT } from './queueText'

type Choice = { value: string; label: string }

/** One filter of the queue: 'all' first, then each choice. */
function FilterSelect(props: {
  label: string
  all: string
  value: string
  choices: readonly Choice[]
  onChange: (value: string) => void
}) {
  return (
    <Select.Root value={props.value} onValueChange={props.onChange}>
      <Select.Trigger aria-label={props.label} />
      <Select.Content position="popper">
        <Select.Item value="all">{props.all}</Select.Item>
        {props.choices.map((choice) => (
          <Select.Item key={choice.value} value={choice.value}>
            {choice.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  )
}

/** The queue's two filters, as their selects are labelled, each with its choices. */
const FILTERS = [
  {
    key: 'status',
    label: 'Status',
    all: 'All statuses',
    choices: MessageStatuses.map((status) => ({ value: status, label: STATUS_TEXT[status].label })),
  },
  {
    key: 'channel',
    label: 'Channel',
    all: 'All channels',
    choices: MessageChannels.map((channel) => ({ value: channel, label: CHANNEL_TEXT[channel] })),
  },
] as const

/** The queue's filters, by status and by channel; the list reads again with each. */
export function QueueFilters({ actor }: { actor: QueueListActor }) {
  const filter = useSelector(actor, selectFilter)
  return (
    <Flex gap="3" align="center" wrap="wrap">
      {FILTERS.map(({ key, label, all, choices }) => (
        <FilterSelect
          key={key}
          label={label}
          all={all}
          value={filter[key]}
          choices={choices}
          onChange={(value) => actor.send({ type: 'queue.filter', filter: { [key]: value } })}
        />
      ))}
    </Flex>
  )
}
