import { Box } from '@radix-ui/themes'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import { useCallback, useRef } from 'react'
import type { ListActor, ListSnapshot } from '../../../kit/machines/list.machine'
import { nearEndIndex, useNearEnd } from '../../../kit/views/list/useNearEnd'
import { ROW_HEIGHT, ServiceRow } from './ServiceRow'

const selectRows = (snapshot: ListSnapshot) => snapshot.context.rows
const selectCount = (snapshot: ListSnapshot) => snapshot.context.count

type Props = { list: ListActor; selectedId: string | undefined }

/**
 * The loaded services, virtualized like the Sessions list: only the rows in view (and a few either
 * side) are in the page, and item 40 of the last page asks for the next one.
 */
export function ServiceList({ list, selectedId }: Props) {
  const rows = useSelector(list, selectRows)
  const count = useSelector(list, selectCount)
  const scroller = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself; nothing here is memoized across its answers.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  })
  const nearEnd = useCallback(() => list.send({ type: 'list.nearEnd' }), [list])
  const watchNearEnd = useNearEnd(scroller, nearEnd, rows)
  const sentinel = nearEndIndex(rows.length)
  return (
    <Box ref={scroller} flexGrow="1" minHeight="0" overflowY="auto">
      <div
        role="list"
        aria-label="Services"
        style={{ position: 'relative', height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]
          if (!row) return null
          return (
            <ServiceRow
              key={item.key}
              ref={item.index === sentinel ? watchNearEnd : undefined}
              service={row}
              selected={row.id === selectedId}
              index={item.index}
              setSize={count}
              top={item.start}
            />
          )
        })}
      </div>
    </Box>
  )
}
