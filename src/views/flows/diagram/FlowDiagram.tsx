import type { FlowGraph } from '../../../flows/graph'

export type FlowDiagramProps = {
  graph: FlowGraph
  /** Accessible name of the figure ('Diagram of login'). */
  label: string
  /** Ids of the active state nodes: highlighted. */
  active?: ReadonlySet<string>
  /** Keys of the transitions just taken: highlighted. */
  taken?: ReadonlySet<string>
  /** Keys of the transitions that can be taken now: their labels are buttons (simulate). */
  enabled?: ReadonlySet<string>
  /** A person activated an enabled transition's label. */
  onTransition?: (key: string) => void
  /** Smaller chrome for a side panel. */
  compact?: boolean
}

/** Work in progress (issue 14, diagram part): the laid-out SVG diagram replaces this. */
export function FlowDiagram({ graph, label }: FlowDiagramProps) {
  return (
    <figure aria-label={label}>
      <ul>
        {graph.states.map((s) => (
          <li key={s.id}>{s.id}</li>
        ))}
      </ul>
    </figure>
  )
}
