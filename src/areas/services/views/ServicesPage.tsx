import { useParams } from '@tanstack/react-router'
import { Guarded } from '../../../kit/views/guard/Guarded'
import { WithListActors, type ListActors } from '../../../kit/views/list/ListActors'
import { ListScreen, useListLayout } from '../../../kit/views/list/ListScreen'
import { AddService } from './new/AddService'
import { DetailPane } from './DetailPane'
import { ServiceFilters } from './ServiceFilters'
import { ServiceList } from './ServiceList'

type ViewProps = ListActors & {
  /** The selected service, from the path; none on /services. */
  id: string | undefined
}

/**
 * The Services screen around its three statecharts (list, list options, filter drawer). From md (960 px) the list and the detail share the screen; below,
 * they take turns: the list on /services, the detail (with the header's back arrow) on /services/{id}.
 */
export function ServicesView({ id, ...actors }: ViewProps) {
  const layout = useListLayout(id)
  const { desktop } = layout
  return (
    <ListScreen
      title="Services"
      layout={layout}
      actors={actors}
      drawerId="service-filters"
      actions={
        <Guarded permission="services.write" silent>
          <AddService />
        </Guarded>
      }
      filters={<ServiceFilters list={actors.list} options={actors.options} />}
      column={{ flexShrink: '0', width: desktop ? '360px' : '100%' }}
      what="services"
      rows={<ServiceList list={actors.list} selectedId={id} />}
      detail={(desktop || !!id) && <DetailPane id={id} wide={desktop} />}
    />
  )
}

/**
 * /services and /services/{id} (SPEC.md §2): both routes render this one component, so that
 * picking a service keeps the list, its scroll position and the drawer as they were.
 */
export function ServicesPage() {
  const { id } = useParams({ strict: false })
  return (
    <WithListActors type="services">
      {(actors) => <ServicesView {...actors} id={id} />}
    </WithListActors>
  )
}
