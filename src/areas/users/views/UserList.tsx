import { Box, Grid, Text } from '@radix-ui/themes'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import { useCallback, useMemo, useRef } from 'react'
import type { ListActor, ListSnapshot } from '../../../kit/machines/list.machine'
import type { UserSelectionActor, UserSelectionSnapshot } from '../machines/userSelection.machine'
import { browserZone } from '../../../kit/views/format/dateTime'
import { nearEndIndex, useNearEnd } from '../../../kit/views/list/useNearEnd'
import { describeUser } from './userDisplay'
import { ROW_HEIGHT, UserRow, WIDE_COLUMNS, WIDE_TITLES } from './UserRow'

const selectRows = (snapshot: ListSnapshot) => snapshot.context.rows
const selectCount = (snapshot: ListSnapshot) => snapshot.context.count
const selectSelected = (snapshot: UserSelectionSnapshot) => snapshot.context.selected
const NONE = {}

type Props = {
  list: ListActor
  /** Absent when the person may not act on users: no checkboxes. */
  selection: UserSelectionActor | undefined
  selectedId: string | undefined
  wide: boolean
}

function ColumnHeader({ checkboxes }: { checkboxes: boolean }) {
  return (
    <Grid
      columns={WIDE_COLUMNS}
      gap="3"
      pr="3"
      pl={checkboxes ? '7' : '3'}
      py="2"
      aria-hidden
      flexShrink="0"
    >
      {WIDE_TITLES.map((title) => (
        <Text key={title} size="1" weight="bold" color="gray" truncate>
          {title}
        </Text>
      ))}
    </Grid>
  )
}

/**
 * The loaded users, virtualized like Sessions and Services: only the rows in view (and a few
 * either side) are in the page, and item 40 of the last page asks for the next one.
 */
export function UserList({ list, selection, selectedId, wide }: Props) {
  const rows = useSelector(list, selectRows)
  const count = useSelector(list, selectCount)
  const checked = useSelector(selection, (s) => (s ? selectSelected(s) : NONE)) ?? NONE
  const zone = useMemo(browserZone, [])
  const scroller = useRef<HTMLDivElement>(null)
  const rowHeight = wide ? ROW_HEIGHT.wide : ROW_HEIGHT.compact
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
  const onCheck = useCallback(
    (id: string, range: boolean) =>
      selection?.send(range ? { type: 'selection.range', id } : { type: 'selection.toggle', id }),
    [selection],
  )
  const sentinel = nearEndIndex(rows.length)
  const now = Date.now()
  return (
    <Box flexGrow="1" minHeight="0" style={{ display: 'flex', flexDirection: 'column' }}>
      {wide && rows.length > 0 && <ColumnHeader checkboxes={!!selection} />}
      <Box ref={scroller} flexGrow="1" minHeight="0" overflowY="auto">
        <div
          role="list"
          aria-label="Users"
          style={{ position: 'relative', height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]
            if (!row) return null
            return (
              <UserRow
                key={item.key}
                ref={item.index === sentinel ? watchNearEnd : undefined}
                user={describeUser(row, zone, now)}
                wide={wide}
                selected={row.id === selectedId}
                checked={selection ? (checked as Record<string, true>)[row.id] === true : undefined}
                onCheck={onCheck}
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
