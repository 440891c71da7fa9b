import { Box, Grid, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { FlowsReplayActor, ReplayChart } from '../../machines/flowsReplay.machine'
import { selectHighlights } from '../../machines/flowsReplay.selectors'
import { MEDIA } from '../../../../kit/views/media/media'
import { useMediaQuery } from '../../../../kit/views/media/useMediaQuery'
import { FlowDiagram } from '../diagram/FlowDiagram'
import { StateOutline } from '../StateOutline'

/**
 * The statechart's diagram and the outline of its states, lit up with the states after the step
 * shown and the transitions it took (as the Paths player lights a path's step).
 */
export function ReplayDiagram({ actor, chart }: { actor: FlowsReplayActor; chart: ReplayChart }) {
  const { active, taken } = useSelector(actor, selectHighlights)
  const desktop = useMediaQuery(MEDIA.desktop)
  const graph = chart.loaded.graph
  const outline = <StateOutline graph={graph} active={active} />
  return (
    <Grid columns={desktop ? 'minmax(0, 1fr) 300px' : '1'} gap="4" align="start">
      <Box minWidth="0">
        <FlowDiagram graph={graph} label={`Diagram of ${graph.id}`} active={active} taken={taken} />
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
