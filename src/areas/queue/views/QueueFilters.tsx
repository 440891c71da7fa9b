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

const STATUS_CHOICES = MessageStatuses.map((status) => ({
  value: status,
  label: STATUS_TEXT[status].label,
}))
const CHANNEL_CHOICES = MessageChannels.map((channel) => ({
  value: channel,
  label: CHANNEL_TEXT[channel],
}))

/** The queue's filters, by status and by channel; the list reads again with each. */
export function QueueFilters({ actor }: { actor: QueueListActor }) {
  const filter = useSelector(actor, selectFilter)
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <FilterSelect
        label="Status"
        all="All statuses"
        value={filter.status}
        choices={STATUS_CHOICES}
        onChange={(value) =>
          actor.send({ type: 'queue.filter', filter: { status: value as typeof filter.status } })
        }
      />
      <FilterSelect
        label="Channel"
        all="All channels"
        value={filter.channel}
        choices={CHANNEL_CHOICES}
        onChange={(value) =>
          actor.send({ type: 'queue.filter', filter: { channel: value as typeof filter.channel } })
        }
      />
    </Flex>
  )
}
