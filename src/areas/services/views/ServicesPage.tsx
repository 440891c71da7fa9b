import { Flex } from '@radix-ui/themes'
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
import { MEDIA } from '../../../kit/views/media/media'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { ListEmpty, ListError } from '../../../kit/views/list/ListStatus'
import { RecordCount } from '../../../kit/views/list/RecordCount'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { Guarded } from '../../../kit/views/guard/Guarded'
import { AddService } from './new/AddService'
import { DetailPane } from './DetailPane'
import { FilterDrawer } from '../../../kit/views/list/FilterDrawer'
import { FiltersButton } from '../../../kit/views/list/FiltersButton'
import { drawerMode, LARGE, PAGE_HEIGHT } from '../../../kit/views/list/layout'
import { ServiceFilters } from './ServiceFilters'
import { ServiceList } from './ServiceList'

const DRAWER_ID = 'service-filters'

type ViewProps = {
  list: ListActor
  options: ListOptionsActor
  drawer: FilterDrawerActor
  /** The selected service, from the path; none on /services. */
  id: string | undefined
}

/**
 * The Services screen around its three statecharts (list, list options, filter drawer). From md (960 px) the list and the detail share the screen; below,
 * they take turns: the list on /services, the detail (with the header's back arrow) on /services/{id}.
 */
export function ServicesView({ list, options, drawer, id }: ViewProps) {
  const desktop = useMediaQuery(MEDIA.desktop)
  const large = useMediaQuery(LARGE)
  const showList = desktop || !id
  const showDetail = desktop || !!id
  return (
    <Flex
      direction="column"
      gap="3"
      height={showList ? (desktop ? PAGE_HEIGHT.wide : PAGE_HEIGHT.narrow) : undefined}
      minHeight="360px"
    >
      <PageHeader title="Services">
        <Flex gap="2" align="center" ml="auto" wrap="wrap">
          {showList && <FiltersButton drawer={drawer} options={options} controls={DRAWER_ID} />}
          <Guarded permission="services.write" silent>
            <AddService />
          </Guarded>
        </Flex>
      </PageHeader>
      <Flex flexGrow="1" minHeight="0" gap="3" position="relative">
        {showList && (
          <FilterDrawer drawer={drawer} mode={drawerMode(large, desktop)} id={DRAWER_ID}>
            <ServiceFilters list={list} options={options} />
          </FilterDrawer>
        )}
        {showList && (
          <Flex direction="column" flexShrink="0" minHeight="0" width={desktop ? '360px' : '100%'}>
            <ListError list={list} failure="The services could not be loaded." />
            <ListEmpty list={list} what="services" />
            <ServiceList list={list} selectedId={id} />
            <RecordCount list={list} />
          </Flex>
        )}
        {showDetail && <DetailPane id={id} wide={desktop} />}
      </Flex>
    </Flex>
  )
}

/**
 * /services and /services/{id} (SPEC.md §2): both routes render this one component, so that
 * picking a service keeps the list, its scroll position and the drawer as they were.
 */
export function ServicesPage() {
  const { id } = useParams({ strict: false })
  const list = useScreenActor(listMachine, { input: { type: 'services' } })
  return list ? <ServicesScreen list={list} id={id} /> : null
}

/** The options chart watches the list it is given, so it starts once the list has. */
function ServicesScreen({ list, id }: { list: ListActor; id: string | undefined }) {
  const options = useScreenActor(listOptionsMachine, { input: { list } })
  const drawer = useScreenActor(filterDrawerMachine)
  if (!options || !drawer) return null
  return <ServicesView list={list} options={options} drawer={drawer} id={id} />
}
