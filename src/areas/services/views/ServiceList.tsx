import type { ListActor } from '../../../kit/machines/list.machine'
import { VirtualList } from '../../../kit/views/list/VirtualList'
import { ROW_HEIGHT, ServiceRow } from './ServiceRow'

type Props = { list: ListActor; selectedId: string | undefined }

/**
 * The loaded services, virtualized like the Sessions list: only the rows in view (and a few either
 * side) are in the page, and item 40 of the last page asks for the next one.
 */
export function ServiceList({ list, selectedId }: Props) {
  return (
    <VirtualList
      list={list}
      label="Services"
      rowHeight={ROW_HEIGHT}
      row={(row, place) => <ServiceRow {...place} service={row} selected={row.id === selectedId} />}
    />
  )
}
