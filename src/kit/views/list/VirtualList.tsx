import { Box } from '@radix-ui/themes'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import { Fragment, useCallback, useRef, type ReactNode, type Ref } from 'react'
import type { ListActor, ListRow, ListSnapshot } from '../../machines/list.machine'
import { nearEndIndex, useNearEnd } from './useNearEnd'

const selectRows = (snapshot: ListSnapshot) => snapshot.context.rows
const selectCount = (snapshot: ListSnapshot) => snapshot.context.count

/** Where a row sits: the near-end watch (on one row), its index, the list's length, its offset. */
export type RowPlace = {
  ref: Ref<HTMLDivElement> | undefined
  index: number
  setSize: number
  top: number
}

type Props = {
  list: ListActor
  /** The list's accessible name. */
  label: string
  rowHeight: number
  /** Column titles above the rows, shown once there are rows. */
  header?: ReactNode
  /** Whether the scroller takes the focus itself (rows without links). */
  focusable?: boolean
  row: (row: ListRow, place: RowPlace) => ReactNode
}

/**
 * A list screen's loaded rows, virtualized: only the rows in view (and a few either side) are in
 * the page, so 100,000 rows scroll as smoothly as 50. Item 40 of the last page asks for the next.
 */
export function VirtualList({ list, label, rowHeight, header, focusable, row }: Props) {
  const rows = useSelector(list, selectRows)
  const count = useSelector(list, selectCount)
  const scroller = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself; nothing here is memoized across its answers.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  })
  const nearEnd = useCallback(() => list.send({ type: 'list.nearEnd' }), [list])
  const watchNearEnd = useNearEnd(scroller, nearEnd, rows)
  const sentinel = nearEndIndex(rows.length)
  const scrolled = (
    <Box
      ref={scroller}
      flexGrow="1"
      minHeight="0"
      overflowY="auto"
      tabIndex={focusable ? 0 : undefined}
    >
      <div
        role="list"
        aria-label={label}
        style={{ position: 'relative', height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const shown = rows[item.index]
          if (!shown) return null
          const place: RowPlace = {
            ref: item.index === sentinel ? watchNearEnd : undefined,
            index: item.index,
            setSize: count,
            top: item.start,
          }
          return <Fragment key={item.key}>{row(shown, place)}</Fragment>
        })}
      </div>
    </Box>
  )
  // Without column titles the scroller is the column's child itself, as each list had it.
  if (header === undefined) return scrolled
  return (
    <Box flexGrow="1" minHeight="0" style={{ display: 'flex', flexDirection: 'column' }}>
      {rows.length > 0 && header}
      {scrolled}
    </Box>
  )
}
