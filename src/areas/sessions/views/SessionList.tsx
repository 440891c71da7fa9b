import { Box, Grid, Text } from '@radix-ui/themes'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import { useCallback, useMemo, useRef } from 'react'
import type { ListActor, ListSnapshot } from '../../../kit/machines/list.machine'
import type { RevokeActor } from '../machines/revoke.machine'
import { browserZone } from '../../../kit/views/format/dateTime'
import { nearEndIndex, useNearEnd } from '../../../kit/views/list/useNearEnd'
import { describeSessionOnce } from './sessionDisplay'
import { ROW_HEIGHT, SessionRow, WIDE_COLUMNS } from './SessionRow'

const selectRows = (snapshot: ListSnapshot) => snapshot.context.rows
const selectCount = (snapshot: ListSnapshot) => snapshot.context.count

type Props = { list: ListActor; revoke: RevokeActor | undefined; wide: boolean }

function ColumnHeader() {
  return (
    <Grid columns={WIDE_COLUMNS} gap="3" px="3" py="2" aria-hidden flexShrink="0">
      {['User', 'IP Address', 'Device', 'Expires'].map((title) => (
        <Text key={title} size="1" weight="bold" color="gray">
          {title}
        </Text>
      ))}
    </Grid>
  )
}

/**
 * The loaded sessions, virtualized: only the rows in view (and a few either side) are in the page,
 * so 100,000 rows scroll as smoothly as 50. Item 40 of the last page asks for the next one.
 */
export function SessionList({ list, revoke, wide }: Props) {
  const rows = useSelector(list, selectRows)
  const count = useSelector(list, selectCount)
  const zone = useMemo(browserZone, [])
  const scroller = useRef<HTMLDivElement>(null)
  const rowHeight = wide ? ROW_HEIGHT.wide : ROW_HEIGHT.stacked
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
  return (
    <Box flexGrow="1" minHeight="0" style={{ display: 'flex', flexDirection: 'column' }}>
      {wide && rows.length > 0 && <ColumnHeader />}
      <Box ref={scroller} flexGrow="1" minHeight="0" overflowY="auto" tabIndex={0}>
        <div
          role="list"
          aria-label="Sessions"
          style={{ position: 'relative', height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]
            if (!row) return null
            return (
              <SessionRow
                key={item.key}
                ref={item.index === sentinel ? watchNearEnd : undefined}
                session={describeSessionOnce(row, zone)}
                wide={wide}
                revoke={revoke}
                index={item.index}
                setSize={count}
                top={item.start}
              />
            )
          })}
        </div>
      </Box>
    </Box>
  )
}
