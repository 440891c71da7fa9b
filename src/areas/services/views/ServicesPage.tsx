import { useParams } from '@tanstack/react-router'
import { useAccess } from '../../../kit/views/guard/useAccess'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { WithListActors, type ListActors } from '../../../kit/views/list/ListActors'
import { ListScreen, useListLayout } from '../../../kit/views/list/ListScreen'
import { SearchField } from '../../../kit/views/list/SearchField'
import { newServiceMachine, type NewServiceActor } from '../machines/newService.machine'
import { AddServiceButton, NewServiceFlow } from './new/AddService'
import { DetailPane } from './DetailPane'
import { ServiceFilters } from './ServiceFilters'
import { ServiceList } from './ServiceList'

type ViewProps = ListActors & {
  /** The selected service, from the path; none on /services. */
  id: string | undefined
  /** The New Service chart, for those with services.write. */
  creator?: NewServiceActor | undefined
}

/**
 * The Services screen around its three statecharts (list, list options, filter drawer). From md (960 px) the list and the detail share the screen; below,
 * they take turns: the list on /services, the detail (with the header's back arrow) on /services/{id}.
 * The toolbar holds the search, Show Filters and 'Add Service'; an empty list and, with no service
 * at all, the detail pane offer 'Add Service' too (one New Service chart behind all three).
 */
export function ServicesView({ id, creator, ...actors }: ViewProps) {
  const layout = useListLayout(id)
  const { desktop } = layout
  return (
    <ListScreen
      title="Services"
      layout={layout}
      actors={actors}
      drawerId="service-filters"
      search={
        <SearchField list={actors.list} label="Search services" placeholder="Search by name" />
      }
      actions={creator && <AddServiceButton actor={creator} />}
      filters={<ServiceFilters list={actors.list} />}
      column={{ flexShrink: '0', width: desktop ? '360px' : '100%' }}
      what="services"
      // From md the empty detail pane beside the list explains services and offers the button.
      emptyAction={creator && !desktop && <AddServiceButton actor={creator} variant="soft" />}
      rows={<ServiceList list={actors.list} selectedId={id} />}
      detail={
        (desktop || !!id) && (
          <DetailPane id={id} wide={desktop} list={actors.list} creator={creator} />
        )
      }
    >
      {creator && <NewServiceFlow actor={creator} />}
    </ListScreen>
  )
}

/**
 * /services and /services/{id} (SPEC.md §2): both routes render this one component, so that
 * picking a service keeps the list, its scroll position and the drawer as they were.
 */
export function ServicesPage() {
  const { id } = useParams({ strict: false })
  const writable = useAccess({ permission: 'services.write' })
  const creator = useScreenActor(newServiceMachine)
  return (
    <WithListActors type="services">
      {(actors) => <ServicesView {...actors} id={id} creator={writable ? creator : undefined} />}
    </WithListActors>
  )
}
