import { Grid, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useCallback, useMemo } from 'react'
import type { ListActor } from '../../../kit/machines/list.machine'
import type { UserSelectionActor, UserSelectionSnapshot } from '../machines/userSelection.machine'
import { browserZone } from '../../../kit/views/format/dateTime'
import { VirtualList } from '../../../kit/views/list/VirtualList'
import { describeUser } from './userDisplay'
import { ROW_HEIGHT, UserRow, WIDE_COLUMNS, WIDE_TITLES } from './UserRow'

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
  const checked = useSelector(selection, (s) => (s ? selectSelected(s) : NONE)) ?? NONE
  const zone = useMemo(() => browserZone(), [])
  const onCheck = useCallback(
    (id: string, range: boolean) =>
      selection?.send(range ? { type: 'selection.range', id } : { type: 'selection.toggle', id }),
    [selection],
  )
  return (
    <VirtualList
      list={list}
      label="Users"
      rowHeight={wide ? ROW_HEIGHT.wide : ROW_HEIGHT.compact}
      header={wide && <ColumnHeader checkboxes={!!selection} />}
      row={(row, place) => (
        <UserRow
          {...place}
          // 'n days ago' as of the render that lays the row out, as the list scrolls.
          // eslint-disable-next-line react-hooks/purity -- the virtual list calls this while it renders; relative times are meant to follow the clock.
          user={describeUser(row, zone, Date.now())}
          wide={wide}
          selected={row.id === selectedId}
          checked={selection ? (checked as Record<string, true>)[row.id] === true : undefined}
          onCheck={onCheck}
        />
      )}
    />
  )
}
