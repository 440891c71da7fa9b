import { MagnifyingGlassIcon } from '@radix-ui/react-icons'
import { TextField } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ListActor, ListSnapshot } from '../../machines/list.machine'

const selectSearchText = (snapshot: ListSnapshot) => snapshot.context.searchText

type Props = { list: ListActor; label: string; placeholder: string }

/**
 * A list's search (SPEC.md §5): every keystroke goes to the list, which applies the trimmed text
 * after 100 ms. Enter does nothing: there is no form to submit.
 */
export function SearchField({ list, label, placeholder }: Props) {
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
      style={{ flexGrow: 1, minWidth: 0 }}
    >
      <TextField.Slot>
        <MagnifyingGlassIcon />
      </TextField.Slot>
    </TextField.Root>
  )
}
