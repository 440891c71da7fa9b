import { Select } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { SortDirection } from '../../../kit/machines/list.machine'
import type { ListActor, ListSnapshot } from '../../../kit/machines/list.machine'

const selectDirection = (snapshot: ListSnapshot) => snapshot.context.options.sort.direction
const selectCanSort = (snapshot: ListSnapshot) =>
  snapshot.can({ type: 'list.sortChanged', sort: snapshot.context.options.sort })

/** Sessions sort by expiry only (the cache indexes [expires+id]); the person picks the direction. */
export function SortSelect({ list }: { list: ListActor }) {
  const direction = useSelector(list, selectDirection)
  const canSort = useSelector(list, selectCanSort)
  return (
    <Select.Root
      value={direction}
      disabled={!canSort}
      onValueChange={(value) =>
        list.send({
          type: 'list.sortChanged',
          sort: { field: 'expires', direction: value as SortDirection },
        })
      }
    >
      <Select.Trigger aria-label="Sort" />
      <Select.Content position="popper">
        <Select.Item value="desc">Expires: latest first</Select.Item>
        <Select.Item value="asc">Expires: earliest first</Select.Item>
      </Select.Content>
    </Select.Root>
  )
}
