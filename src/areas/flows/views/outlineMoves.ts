import type { FlowGraph, FlowState } from '../../../flows/graph'

/** The states an outline shows, in document order: those under a closed state are hidden. */
export function visibleStates(graph: FlowGraph, closed: ReadonlySet<string>): string[] {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  const hidden = (state: FlowState): boolean => {
    for (let parent = state.parent; parent; parent = byId.get(parent)?.parent)
      if (closed.has(parent)) return true
    return false
  }
  return graph.states.filter((s) => !hidden(s)).map((s) => s.id)
}

export type OutlineMove = (state: FlowState) => { focus?: string; closed?: ReadonlySet<string> }

/**
 * What each key does in the outline's tree (the WAI-ARIA tree view pattern): Up and Down move
 * between the states shown, Home and End to the first and last, Right opens a closed state or
 * enters an open one, Left closes an open state or goes to its parent.
 */
export function outlineMoves(
  graph: FlowGraph,
  closed: ReadonlySet<string>,
): Record<string, OutlineMove | undefined> {
  const visible = visibleStates(graph, closed)
  const step = (state: FlowState, by: number) => {
    const next = visible[visible.indexOf(state.id) + by]
    return next ? { focus: next } : {}
  }
  const without = (id: string) => new Set([...closed].filter((c) => c !== id))
  return {
    ArrowDown: (state) => step(state, 1),
    ArrowUp: (state) => step(state, -1),
    Home: () => ({ focus: visible[0] }),
    End: () => ({ focus: visible.at(-1) }),
    ArrowRight: (state) => {
      if (!state.children.length) return {}
      return closed.has(state.id) ? { closed: without(state.id) } : { focus: state.children[0] }
    },
    ArrowLeft: (state) => {
      if (state.children.length && !closed.has(state.id))
        return { closed: new Set([...closed, state.id]) }
      return state.parent ? { focus: state.parent } : {}
    },
  }
}
