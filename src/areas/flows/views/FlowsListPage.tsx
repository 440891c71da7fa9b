import { Flex, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { CatalogEntry } from '../../../flows/catalogEntry'
import { useCatalog } from './catalogContext'
import { flowsListMachine, type FlowsListActor } from '../machines/flowsList.machine'
import { selectCounting, selectRows } from '../machines/flowsList.selectors'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { PageHeader } from '../../../kit/views/page/PageHeader'
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
  return <FlowsList machines={useCatalog()} />
}
