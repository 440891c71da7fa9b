import { useSelector } from '@xstate/react'
import type { FlowsReplayActor, ReplayChart } from '../../machines/flowsReplay.machine'
import { selectHighlights } from '../../machines/flowsReplay.selectors'
import { FlowDiagram } from '../diagram/FlowDiagram'
import { DiagramWithOutline } from '../DiagramWithOutline'

/**
 * The statechart's diagram and the outline of its states, lit up with the states after the step
 * shown and the transitions it took (as the Paths player lights a path's step).
 */
export function ReplayDiagram({ actor, chart }: { actor: FlowsReplayActor; chart: ReplayChart }) {
  const { active, taken } = useSelector(actor, selectHighlights)
  const graph = chart.loaded.graph
  return (
    <DiagramWithOutline
      graph={graph}
      active={active}
      diagram={
        <FlowDiagram graph={graph} label={`Diagram of ${graph.id}`} active={active} taken={taken} />
      }
    />
  )
}
