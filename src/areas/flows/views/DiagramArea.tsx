import { Box, Grid, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { Chart, FlowsChartActor } from '../machines/flowsChart.machine'
import { selectHighlights, selectSimulation } from '../machines/flowsChart.selectors'
import { MEDIA } from '../../../kit/views/media/media'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { FlowDiagram } from './diagram/FlowDiagram'
import { StateOutline } from './StateOutline'

type Props = { actor: FlowsChartActor; chart: Chart; simulating: boolean }

/**
 * The diagram with the outline of its states beside it, both lit up by what the section on show
 * follows; below it on narrower screens, folded, so the section's controls stay near. While
 * simulating, an arrow's label takes that transition.
 */
export function DiagramArea({ actor, chart, simulating }: Props) {
  const { active, taken, enabled } = useSelector(actor, selectHighlights)
  const simulation = useSelector(actor, selectSimulation)
  const desktop = useMediaQuery(MEDIA.desktop)
  const graph = chart.loaded.graph
  const onTransition = (key: string) => {
    const choice = simulation?.choices.find((c) => c.takes[0] === key)
    if (choice) actor.send({ type: 'simulate.send', event: choice.event })
  }
  const outline = <StateOutline graph={graph} active={active} />
  return (
    <Grid columns={desktop ? 'minmax(0, 1fr) 300px' : '1'} gap="4" align="start">
      <Box minWidth="0">
        <FlowDiagram
          graph={graph}
          label={`Diagram of ${graph.id}`}
          active={active}
          taken={taken}
          enabled={enabled}
          {...(simulating ? { onTransition } : {})}
        />
      </Box>
      {desktop ? (
        <Box maxHeight="70vh" overflowY="auto">
          {outline}
        </Box>
      ) : (
        <details>
          <Text asChild size="2" weight="medium">
            <summary>States of {graph.id}, as a list</summary>
          </Text>
          <Box mt="2">{outline}</Box>
        </details>
      )}
    </Grid>
  )
}
