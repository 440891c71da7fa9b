import { Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { useCallback, useMemo, useRef } from 'react'
import type { ListActor } from '../../../kit/machines/list.machine'
import type { UserSelectionActor, UserSelectionSnapshot } from '../machines/userSelection.machine'
import { browserZone } from '../../../kit/views/format/dateTime'
import { VirtualList } from '../../../kit/views/list/VirtualList'
import { COLUMN_TITLE, type ColumnLayout } from './userColumns'
import { describeUser } from './userDisplay'
import { ROW_HEIGHT, UserRow } from './UserRow'
import { CHECK_CELL, useColumnLayout } from './useColumnLayout'

const selectSelected = (snapshot: UserSelectionSnapshot) => snapshot.context.selected
const NONE = {}

type Props = {
  list: ListActor
  /** Absent when the person may not act on users: no checkboxes. */
  selection: UserSelectionActor | undefined
  selectedId: string | undefined
  wide: boolean
}

/** The column titles, on the rows' grid: past the checkbox cell, short of the rows' scrollbar. */
function ColumnHeader({
  layout,
  checkboxes,
  scrollbar,
}: {
  layout: ColumnLayout
  checkboxes: boolean
  scrollbar: number
}) {
  return (
    <div
      aria-hidden
      style={{
        display: 'grid',
        gridTemplateColumns: layout.template,
        gap: 'var(--space-3)',
        flexShrink: 0,
        padding: `var(--space-2) calc(var(--space-3) + ${scrollbar}px) var(--space-2) calc(var(--space-3) + ${checkboxes ? CHECK_CELL : 0}px)`,
      }}
    >
      {layout.shown.map((column) => (
        <Text key={column} size="1" weight="bold" color="gray" truncate data-title={column}>
          {COLUMN_TITLE[column]}
        </Text>
      ))}
    </div>
  )
}

/**
 * The loaded users, virtualized like Sessions and Services: only the rows in view (and a few
 * either side) are in the page, and item 40 of the last page asks for the next one. On desktop
 * /users the columns fit the list's width and the loaded rows' content (userColumns.ts).
 */
export function UserList({ list, selection, selectedId, wide }: Props) {
  const checked = useSelector(selection, (s) => (s ? selectSelected(s) : NONE)) ?? NONE
  const zone = useMemo(() => browserZone(), [])
  const box = useRef<HTMLDivElement>(null)
  const { layout, scrollbar } = useColumnLayout(box, list, wide, !!selection, zone)
  const onCheck = useCallback(
    (id: string, range: boolean) =>
      selection?.send(range ? { type: 'selection.range', id } : { type: 'selection.toggle', id }),
    [selection],
  )
  return (
    <div
      ref={box}
      style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, minWidth: 0 }}
    >
      <VirtualList
        list={list}
        label="Users"
        rowHeight={wide ? ROW_HEIGHT.wide : ROW_HEIGHT.compact}
        header={
          wide && <ColumnHeader layout={layout} checkboxes={!!selection} scrollbar={scrollbar} />
        }
        row={(row, place) => (
          <UserRow
            {...place}
            // 'n days ago' as of the render that lays the row out, as the list scrolls.
            // eslint-disable-next-line react-hooks/purity -- the virtual list calls this while it renders; relative times are meant to follow the clock.
            user={describeUser(row, zone, Date.now())}
            layout={layout}
            wide={wide}
            selected={row.id === selectedId}
            checked={selection ? (checked as Record<string, true>)[row.id] === true : undefined}
            onCheck={onCheck}
          />
        )}
      />
    </div>
  )
}
