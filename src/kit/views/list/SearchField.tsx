import { MagnifyingGlassIcon } from '@radix-ui/react-icons'
import { TextField } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ListActor, ListSnapshot } from '../../machines/list.machine'

const selectSearchText = (snapshot: ListSnapshot) => snapshot.context.searchText

type Props = {
  list: ListActor
  label: string
  placeholder: string
  /** In a row (Sessions' toolbar) the field takes the free width; elsewhere it keeps its height. */
  grow?: boolean
}

/**
 * A list's search (SPEC.md §5): every keystroke goes to the list, which applies the trimmed text
 * after 100 ms. Enter does nothing: there is no form to submit.
 */
export function SearchField({ list, label, placeholder, grow = false }: Props) {
  const text = useSelector(list, selectSearchText)
  return (
    <TextField.Root
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => list.send({ type: 'list.searchChanged', value: event.target.value })}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault()
      }}
      // Never stretched or squeezed by a column beside a growing list: always the field's height.
      style={{ flex: grow ? '1 1 auto' : 'none', minWidth: 0 }}
    >
      <TextField.Slot>
        <MagnifyingGlassIcon />
      </TextField.Slot>
    </TextField.Root>
  )
}
