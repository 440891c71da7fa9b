import { useSelector } from '@xstate/react'
import type { Chart, FlowsChartActor } from '../machines/flowsChart.machine'
import { selectHighlights, selectSimulation } from '../machines/flowsChart.selectors'
import { FlowDiagram } from './diagram/FlowDiagram'
import { DiagramWithOutline } from './DiagramWithOutline'

type Props = { actor: FlowsChartActor; chart: Chart; simulating: boolean }

/**
 * The diagram with the outline of its states beside it, both lit up by what the section on show
 * follows; below it on narrower screens, folded, so the section's controls stay near. While
 * simulating, an arrow's label takes that transition.
 */
export function DiagramArea({ actor, chart, simulating }: Props) {
  const { active, taken, enabled } = useSelector(actor, selectHighlights)
  const simulation = useSelector(actor, selectSimulation)
  const graph = chart.loaded.graph
  const onTransition = (key: string) => {
    const choice = simulation?.choices.find((c) => c.takes[0] === key)
    if (choice) actor.send({ type: 'simulate.send', event: choice.event })
  }
  return (
    <DiagramWithOutline
      graph={graph}
      active={active}
      diagram={
        <FlowDiagram
          graph={graph}
          label={`Diagram of ${graph.id}`}
          active={active}
          taken={taken}
          enabled={enabled}
          {...(simulating ? { onTransition } : {})}
        />
      }
    />
  )
}
