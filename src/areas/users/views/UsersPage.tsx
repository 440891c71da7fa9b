import { useParams } from '@tanstack/react-router'
import { userBulkMachine, type UserBulkActor } from '../machines/userBulk.machine'
import { userSelectionMachine, type UserSelectionActor } from '../machines/userSelection.machine'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { Guarded } from '../../../kit/views/guard/Guarded'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { WithListActors, type ListActors } from '../../../kit/views/list/ListActors'
import { ListScreen, useListLayout } from '../../../kit/views/list/ListScreen'
import { RecordPane } from '../../../kit/views/list/RecordPane'
import { SearchField } from '../../../kit/views/list/SearchField'
import { BulkDialog } from './BulkDialog'
import { UserDetail } from './detail/UserDetail'
import { ExportCsv } from './ExportCsv'
import { AddUser } from './invite/AddUser'
import { MfaPolicyButton } from './policy/MfaPolicyButton'
import { SelectionBar } from './SelectionBar'
import { UserFilters } from './UserFilters'
import { UserList } from './UserList'

type ViewProps = ListActors & {
  selection: UserSelectionActor
  bulk: UserBulkActor
  /** The selected user, from the path; none on /users. */
  id: string | undefined
}

/**
 * The Users screen (docs/console-users.md). From md (960 px): on /users the list takes the width
 * with every column; on /users/{id} it narrows to 420 px (name, email, status) beside the detail.
 * Below md they take turns, as on Services. Checkboxes and the selection bar need users.write.
 */
export function UsersView({ list, options, drawer, selection, bulk, id }: ViewProps) {
  const layout = useListLayout(id)
  const { desktop } = layout
  const canWrite = useAccess({ permission: 'users.write' })
  const wideRows = desktop && !id
  return (
    <ListScreen
      title="Users"
      layout={layout}
      list={list}
      options={options}
      drawer={drawer}
      drawerId="user-filters"
      listActions={<ExportCsv list={list} />}
      actions={
        <>
          <MfaPolicyButton />
          <Guarded permission="users.write" silent>
            <AddUser />
          </Guarded>
        </>
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
      failure="The users could not be loaded."
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

/**
 * /users and /users/{id}: both routes render this one component, so that picking a user keeps
 * the list, its scroll position, the drawer and the selection as they were.
 */
export function UsersPage() {
  const { id } = useParams({ strict: false })
  return (
    <WithListActors type="users">{(actors) => <UsersScreen {...actors} id={id} />}</WithListActors>
  )
}

/** The selection watches the list it is given, so it starts once the list has. */
function UsersScreen({ id, ...actors }: ListActors & { id: string | undefined }) {
  const selection = useScreenActor(userSelectionMachine, { input: { list: actors.list } })
  const bulk = useScreenActor(userBulkMachine)
  if (!selection || !bulk) return null
  return <UsersView {...actors} selection={selection} bulk={bulk} id={id} />
}

/** /users and /users/{id} behind users.read (one component for both routes). */
export function GuardedUsersPage() {
  return (
    <Guarded permission="users.read">
      <UsersPage />
    </Guarded>
  )
}
