import { Box, Flex } from '@radix-ui/themes'
import { useParams } from '@tanstack/react-router'
import {
  filterDrawerMachine,
  type FilterDrawerActor,
} from '../../../kit/machines/filterDrawer.machine'
import { listMachine, type ListActor } from '../../../kit/machines/list.machine'
import {
  listOptionsMachine,
  type ListOptionsActor,
} from '../../../kit/machines/listOptions.machine'
import { userBulkMachine, type UserBulkActor } from '../machines/userBulk.machine'
import { userSelectionMachine, type UserSelectionActor } from '../machines/userSelection.machine'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { Guarded } from '../../../kit/views/guard/Guarded'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { ListEmpty, ListError } from '../../../kit/views/list/ListStatus'
import { RecordCount } from '../../../kit/views/list/RecordCount'
import { SearchField } from '../../../kit/views/list/SearchField'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { FilterDrawer } from '../../../kit/views/list/FilterDrawer'
import { FiltersButton } from '../../../kit/views/list/FiltersButton'
import { drawerMode, LARGE, PAGE_HEIGHT } from '../../../kit/views/list/layout'
import { BulkDialog } from './BulkDialog'
import { UserDetail } from './detail/UserDetail'
import { ExportCsv } from './ExportCsv'
import { AddUser } from './invite/AddUser'
import { MfaPolicyButton } from './policy/MfaPolicyButton'
import { SelectionBar } from './SelectionBar'
import { UserFilters } from './UserFilters'
import { UserList } from './UserList'

const DRAWER_ID = 'user-filters'

type ViewProps = {
  list: ListActor
  options: ListOptionsActor
  drawer: FilterDrawerActor
  selection: UserSelectionActor
  bulk: UserBulkActor
  /** The selected user, from the path; none on /users. */
  id: string | undefined
}

/** The detail side: the selected user (the detail helper's UserDetail). */
function DetailPane({ id, wide }: { id: string; wide: boolean }) {
  return (
    <Box
      asChild
      flexGrow="1"
      minWidth="0"
      overflowY={wide ? 'auto' : undefined}
      pl={wide ? '4' : undefined}
      style={wide ? { boxShadow: 'inset 1px 0 var(--gray-a5)' } : undefined}
    >
      <section aria-label="User detail">
        <UserDetail id={id} />
      </section>
    </Box>
  )
}

/**
 * The Users screen (docs/console-users.md). From md (960 px): on /users the list takes the width
 * with every column; on /users/{id} it narrows to 420 px (name, email, status) beside the detail.
 * Below md they take turns, as on Services. Checkboxes and the selection bar need users.write.
 */
export function UsersView({ list, options, drawer, selection, bulk, id }: ViewProps) {
  const desktop = useMediaQuery(MEDIA.desktop)
  const large = useMediaQuery(LARGE)
  const canWrite = useAccess({ permission: 'users.write' })
  const showList = desktop || !id
  const showDetail = !!id
  const wideRows = desktop && !id
  return (
    <Flex
      direction="column"
      gap="3"
      height={showList ? (desktop ? PAGE_HEIGHT.wide : PAGE_HEIGHT.narrow) : undefined}
      minHeight="360px"
    >
      <PageHeader title="Users">
        <Flex gap="2" align="center" ml="auto" wrap="wrap">
          {showList && <FiltersButton drawer={drawer} options={options} controls={DRAWER_ID} />}
          {showList && <ExportCsv list={list} />}
          <MfaPolicyButton />
          <Guarded permission="users.write" silent>
            <AddUser />
          </Guarded>
        </Flex>
      </PageHeader>
      <Flex flexGrow="1" minHeight="0" gap="3" position="relative">
        {showList && (
          <FilterDrawer drawer={drawer} mode={drawerMode(large, desktop)} id={DRAWER_ID}>
            <UserFilters list={list} options={options} />
          </FilterDrawer>
        )}
        {showList && (
          <Flex
            direction="column"
            gap="2"
            minHeight="0"
            minWidth="0"
            flexShrink={wideRows ? '1' : '0'}
            flexGrow={wideRows ? '1' : '0'}
            width={desktop && id ? '420px' : wideRows ? undefined : '100%'}
          >
            <SearchField
              list={list}
              label="Search users"
              placeholder="Search by name, email, phone or id"
            />
            {canWrite && <SelectionBar list={list} selection={selection} bulk={bulk} />}
            <ListError list={list} failure="The users could not be loaded." />
            <ListEmpty list={list} what="users" />
            <UserList
              list={list}
              selection={canWrite ? selection : undefined}
              selectedId={id}
              wide={wideRows}
            />
            <RecordCount list={list} />
          </Flex>
        )}
        {showDetail && id && <DetailPane id={id} wide={desktop} />}
      </Flex>
      {canWrite && <BulkDialog bulk={bulk} />}
    </Flex>
  )
}

/**
 * /users and /users/{id}: both routes render this one component, so that picking a user keeps
 * the list, its scroll position, the drawer and the selection as they were.
 */
export function UsersPage() {
  const { id } = useParams({ strict: false })
  const list = useScreenActor(listMachine, { input: { type: 'users' } })
  return list ? <UsersScreen list={list} id={id} /> : null
}

/** The options chart and the selection watch the list they are given, so they start once it has. */
function UsersScreen({ list, id }: { list: ListActor; id: string | undefined }) {
  const options = useScreenActor(listOptionsMachine, { input: { list } })
  const drawer = useScreenActor(filterDrawerMachine)
  const selection = useScreenActor(userSelectionMachine, { input: { list } })
  const bulk = useScreenActor(userBulkMachine)
  if (!options || !drawer || !selection || !bulk) return null
  return (
    <UsersView
      list={list}
      options={options}
      drawer={drawer}
      selection={selection}
      bulk={bulk}
      id={id}
    />
  )
}

/** /users and /users/{id} behind users.read (one component for both routes). */
export function GuardedUsersPage() {
  return (
    <Guarded permission="users.read">
      <UsersPage />
    </Guarded>
  )
}
