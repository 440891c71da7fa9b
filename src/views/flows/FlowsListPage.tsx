import { Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { catalog, type CatalogEntry } from '../../flows/catalog'
import { flowsListMachine, type FlowsListActor } from '../../machines/flowsList.machine'
import { selectCounting, selectRows } from '../../machines/flowsList.selectors'
import { MEDIA } from '../app/media'
import { useMediaQuery } from '../app/useMediaQuery'
import { useScreenActor } from '../app/useScreenActor'
import { PageHeader } from '../page/PageHeader'
import { FlowCards, FlowTable } from './FlowRows'

function FlowsListView({ list }: { list: FlowsListActor }) {
  const rows = useSelector(list, selectRows)
  const counting = useSelector(list, selectCounting)
  const desktop = useMediaQuery(MEDIA.desktop)
  return (
    <Flex direction="column" gap="4">
      <PageHeader title="Flows" />
      <Text as="p" size="2" color="gray">
        Every statechart of the console: what it does, where it is used, and how much of it the
        model-based tests take. Open one for its diagram, to simulate it and to read its paths.
      </Text>
      <Text as="p" size="2" role="status">
        {counting ? 'Counting the statecharts…' : `${rows.length} statecharts.`}
      </Text>
      {desktop ? <FlowTable rows={rows} /> : <FlowCards rows={rows} />}
    </Flex>
  )
}

/** The statecharts given (the catalog on the page; fewer in a test), counted one by one. */
export function FlowsList({ machines }: { machines: readonly CatalogEntry[] }) {
  const list = useScreenActor(flowsListMachine, { input: { machines } })
  if (!list) return null
  return <FlowsListView list={list} />
}

/** /flows: the console's statecharts, for analysts and QA (docs/console-flows.md). */
export function FlowsListPage() {
  return <FlowsList machines={catalog} />
}
