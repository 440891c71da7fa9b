import { Box, Flex, Spinner, Tabs, Text } from '@radix-ui/themes'
import { useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { CatalogEntry } from '../../../flows/catalogEntry'
import { useCatalog } from './catalogContext'
import {
  flowsChartMachine,
  SECTIONS,
  type Chart,
  type FlowsChartActor,
  type FlowsChartSnapshot,
  type Section,
} from '../machines/flowsChart.machine'
import {
  selectChart,
  selectError,
  selectLoading,
  selectSection,
} from '../machines/flowsChart.selectors'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { PageHeader } from '../../../kit/views/page/PageHeader'
import { ChangesPanel } from './changes/ChangesPanel'
import { DiagramArea } from './DiagramArea'
import { ExportPanel } from './ExportPanel'
import { countsText, coverageText } from './flowWords'
import { LivePanel } from './live/LivePanel'
import { PathPlayer } from './PathPlayer'
import { PathsPanel } from './PathsPanel'
import { SimulatePanel, SimulationStatus } from './SimulatePanel'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'

const SECTION_NAMES: Record<Section, string> = {
  simulate: 'Simulate',
  paths: 'Paths',
  changes: 'Changes',
  live: 'Live',
  export: 'Export',
}

const isSection = (value: string): value is Section =>
  (SECTIONS as readonly string[]).includes(value)

function Summary({ chart }: { chart: Chart }) {
  const { graph, entry } = chart.loaded
  return (
    <Flex direction="column" gap="1">
      {graph.description && <Text as="p">{graph.description}</Text>}
      <Text as="p" size="2" color="gray">
        {countsText({ states: graph.states.length, transitions: graph.transitions.length })}.
        Coverage: {coverageText(chart.coverage.taken, chart.coverage.total)}.
      </Text>
      <Text as="p" size="2" color="gray">
        Used in: {entry.usedIn}
      </Text>
    </Flex>
  )
}

function ChartSections({ actor, chart }: { actor: FlowsChartActor; chart: Chart }) {
  const section = useSelector(actor, selectSection)
  const graph = chart.loaded.graph
  return (
    <Tabs.Root
      value={section}
      onValueChange={(value) => {
        if (isSection(value)) actor.send({ type: 'section.chosen', section: value })
      }}
    >
      <Tabs.List aria-label="Sections">
        {SECTIONS.map((s) => (
          <Tabs.Trigger key={s} value={s}>
            {SECTION_NAMES[s]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Flex direction="column" gap="4" pt="4">
        {section === 'simulate' && <SimulationStatus actor={actor} />}
        {section === 'paths' && <PathPlayer actor={actor} chart={chart} />}
        {/* Live and Changes show a diagram of their own: the running actors, the two versions. */}
        {section !== 'live' && section !== 'changes' && (
          <DiagramArea actor={actor} chart={chart} simulating={section === 'simulate'} />
        )}
        <Tabs.Content value="simulate">
          <SimulatePanel actor={actor} chart={chart} />
        </Tabs.Content>
        <Tabs.Content value="paths">
          <PathsPanel actor={actor} chart={chart} />
        </Tabs.Content>
        <Tabs.Content value="changes">
          <ChangesPanel changes={chart.changes} />
        </Tabs.Content>
        <Tabs.Content value="live">
          <LivePanel graph={graph} machineId={graph.id} />
        </Tabs.Content>
        <Tabs.Content value="export">
          <ExportPanel graph={graph} />
        </Tabs.Content>
      </Flex>
    </Tabs.Root>
  )
}

const selectId = (s: FlowsChartSnapshot) => s.context.id

/** Loading, why it failed, or the statechart with its sections. */
export function FlowsChartView({ actor }: { actor: FlowsChartActor }) {
  const id = useSelector(actor, selectId)
  const loading = useSelector(actor, selectLoading)
  const error = useSelector(actor, selectError)
  const chart = useSelector(actor, selectChart)
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={id} />
      {loading && (
        <Flex role="status" align="center" gap="2">
          <Spinner />
          <Text size="2">Loading the statechart and replaying its paths…</Text>
        </Flex>
      )}
      {error && <ErrorCallout message={`This statechart cannot be shown: ${error}`} />}
      {chart && (
        <Box>
          <Summary chart={chart} />
          <Box mt="4">
            <ChartSections actor={actor} chart={chart} />
          </Box>
        </Box>
      )}
    </Flex>
  )
}

/** The page of the statechart `id` (its catalog entry), with the actor that runs it. */
export function FlowsChart({ id, entry }: { id: string; entry: CatalogEntry | undefined }) {
  const actor = useScreenActor(flowsChartMachine, { input: { id, entry } })
  if (!actor) return null
  return <FlowsChartView actor={actor} />
}

/** /flows/{machine}: one statechart's diagram, simulation, paths and exports. */
export function FlowsChartPage() {
  const { machine = '' } = useParams({ strict: false })
  // Another machine is another page: a new actor, not the old one's simulation.
  const entry = useCatalog().find((e) => e.id === machine)
  return <FlowsChart key={machine} id={machine} entry={entry} />
}
