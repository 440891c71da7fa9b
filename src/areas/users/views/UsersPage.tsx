import { useParams } from '@tanstack/react-router'
import type { ListRow } from '../../../kit/machines/list.machine'
import { saveText } from '../../../kit/views/download/download'
import { usersPageMachine, type UsersPageParts } from '../machines/usersPage.machine'
import { usePageParts } from '../../../kit/views/actors/usePageParts'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { Guarded } from '../../../kit/views/guard/Guarded'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { ListScreen, useListLayout } from '../../../kit/views/list/ListScreen'
import { RecordPane } from '../../../kit/views/list/RecordPane'
import { SearchField } from '../../../kit/views/list/SearchField'
import { BulkDialog } from './BulkDialog'
import { UserDetail } from './detail/UserDetail'
import { usersCsv } from './csv'
import { ExportCsv } from './ExportCsv'
import { AddUser } from './invite/AddUser'
import { MfaPolicyButton } from './policy/MfaPolicyButton'
import { SelectionBar } from './SelectionBar'
import { UserFilters } from './UserFilters'
import { UserList } from './UserList'

type ViewProps = UsersPageParts & {
  /** The selected user, from the path; none on /users. */
  id: string | undefined
}

/**
 * The Users screen (docs/console-users.md). From md (960 px): on /users the list takes the width
 * with every column; on /users/{id} it narrows to 420 px (name, email, status) beside the detail.
 * Below md they take turns, as on Services, and the detail's header has no list buttons; phones
 * show the header's buttons as icons. Checkboxes and the selection bar need users.write.
 */
export function UsersView({ list, options, drawer, selection, bulk, exporter, id }: ViewProps) {
  const layout = useListLayout(id)
  const { desktop } = layout
  // Phones: the header's buttons are icons (named, with tooltips) so they share the title's row.
  const compact = useMediaQuery(MEDIA.phone)
  const canWrite = useAccess({ permission: 'users.write' })
  const wideRows = desktop && !id
  return (
    <ListScreen
      title="Users"
      layout={layout}
      actors={{ list, options, drawer }}
      drawerId="user-filters"
      listActions={<ExportCsv exporter={exporter} compact={compact} />}
      actions={
        // Where the detail has the screen to itself (below md), the list's buttons go with the list.
        layout.showList && (
          <>
            <MfaPolicyButton compact={compact} />
            <Guarded permission="users.write" silent>
              <AddUser compact={compact} />
            </Guarded>
          </>
        )
      }
      filters={<UserFilters list={list} options={options} />}
      column={{
        gap: '2',
        minWidth: '0',
        flexShrink: wideRows ? '1' : '0',
        flexGrow: wideRows ? '1' : '0',
        width: desktop && id ? '420px' : wideRows ? undefined : '100%',
      }}
      above={
        <>
          <SearchField
            list={list}
            label="Search users"
            placeholder="Search by name, email, phone or id"
          />
          {canWrite && <SelectionBar list={list} selection={selection} bulk={bulk} />}
        </>
      }
      what="users"
      rows={
        <UserList
          list={list}
          selection={canWrite ? selection : undefined}
          selectedId={id}
          wide={wideRows}
        />
      }
      detail={
        id && (
          // The detail side: the selected user (the detail helper's UserDetail).
          <RecordPane label="User detail" wide={desktop}>
            <UserDetail id={id} />
          </RecordPane>
        )
      }
    >
      {canWrite && <BulkDialog bulk={bulk} />}
    </ListScreen>
  )
}

/** Downloads the rows as users.csv (no server involved). */
const write = (rows: ListRow[]) => saveText('users.csv', usersCsv(rows), 'text/csv')

/**
 * /users and /users/{id}: both routes render this one component, so that picking a user keeps
 * the list, its scroll position, the drawer and the selection as they were. The page machine
 * spawns the parts; the view only reads them.
 */
export function UsersPage() {
  const { id } = useParams({ strict: false })
  const parts = usePageParts(useScreenActor(usersPageMachine, { input: { write } }))
  return parts ? <UsersView {...parts} id={id} /> : null
}

/** /users and /users/{id} behind users.read (one component for both routes). */
export function GuardedUsersPage() {
  return (
    <Guarded permission="users.read">
      <UsersPage />
    </Guarded>
  )
}
