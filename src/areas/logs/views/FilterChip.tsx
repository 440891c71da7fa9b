import { Cross2Icon } from '@radix-ui/react-icons'
import { Badge, IconButton } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { LogsPickerActor } from '../machines/logsPicker.machine'

type Props = {
  actor: LogsPickerActor | undefined
  /** 'User', 'Actor', 'Service'. */
  words: string
  id: string
  onRemove: () => void
}

/**
 * A set id filter: 'User Ada Lovelace', named by its picker from the cache; the id's start when
 * the cache has no such row (a removed user, a cache not yet synced or not readable).
 */
export function FilterChip({ actor, words, id, onRemove }: Props) {
  const name = useSelector(actor, (s) => (s && s.context.value === id ? s.context.name : null))
  const text = `${words} ${name ?? `${id.slice(0, 8)}…`}`
  return (
    <Badge size="2" variant="soft" color="gray" className="logs-chip">
      {/* A long name is cut short on a phone; the whole of it is the tooltip. */}
      <span className="logs-chip-text" title={name ?? id}>
        {text}
      </span>
      <IconButton
        size="1"
        variant="ghost"
        color="gray"
        aria-label={`Remove the ${words.toLowerCase()} filter`}
        onClick={onRemove}
      >
        <Cross2Icon aria-hidden />
      </IconButton>
    </Badge>
  )
}
