import type { FlowGraph, FlowState, FlowTransition } from './graph'
import type { BoxRow } from './layoutBoxes'

/** The states as the diagram shows them, with some compound states folded into one box. */
export type Scope = {
  byId: Map<string, FlowState>
  collapsed: ReadonlySet<string>
  /** The box a state is drawn in: itself, or its outermost collapsed ancestor. */
  shown: (id: string) => string
  ancestors: (id: string) => string[]
}

export function scopeOf(graph: FlowGraph, requested: ReadonlySet<string>): Scope {
  const byId = new Map(graph.states.map((s) => [s.id, s]))
  // Only compound states below the root fold: a collapsed root would leave nothing to see.
  const collapsed = new Set(
    graph.states
      .filter((s) => s.parent && s.children.length && requested.has(s.id))
      .map((s) => s.id),
  )
  const ancestors = (id: string) => {
    const list: string[] = []
    for (let s = byId.get(id)?.parent; s; s = byId.get(s)?.parent) list.unshift(s)
    return list
  }
  const shown = (id: string) => [...ancestors(id), id].find((a) => collapsed.has(a)) ?? id
  return { byId, collapsed, shown, ancestors }
}

export const descendantsOf = (scope: Scope, id: string): string[] =>
  (scope.byId.get(id)?.children ?? []).flatMap((c) => [c, ...descendantsOf(scope, c)])

/** The container ELK wants an edge in: the closest common ancestor of its ends (or one end). */
export function containerOf(scope: Scope, a: string, b: string): string | undefined {
  const pa = [...scope.ancestors(a), a]
  const pb = [...scope.ancestors(b), b]
  let common: string | undefined
  for (let i = 0; i < Math.min(pa.length, pb.length) && pa[i] === pb[i]; i++) common = pa[i]
  return common
}

/** One arrow between two boxes: every transition between them shares it, one label entry each. */
export type PlannedEdge = {
  id: string
  source: string
  target: string
  transitions: FlowTransition[]
  /** The transitions labelled here (a transition to several states is labelled once). */
  labelled: FlowTransition[]
}

export type Plan = {
  rows: Map<string, BoxRow[]>
  edges: PlannedEdge[]
  /** For a collapsed box: how many transitions run inside it. */
  hidden: Map<string, number>
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) =>
  map.set(key, [...(map.get(key) ?? []), value])

/**
 * Where each transition is drawn. An arrow between the boxes shown; a row in its state's box when
 * it stays in the state, re-enters it (↻), or goes to a state inside it (an arrow from a box's own
 * border into its children reads worse than "→ stale"); nothing in a collapsed box when both ends
 * are inside it.
 */
export function plan(graph: FlowGraph, scope: Scope): Plan {
  const rows = new Map<string, BoxRow[]>()
  const hidden = new Map<string, number>()
  const edges = new Map<string, PlannedEdge>()
  const inside = (id: string, box: string) => scope.ancestors(id).includes(box)
  for (const t of graph.transitions) {
    const source = scope.shown(t.source)
    const targets = [...new Set(t.targets.map(scope.shown))].filter((id) => id !== source)
    const visible = source === t.source
    if (visible && targets.every((id) => inside(id, source))) {
      const to = targets.map((id) => scope.byId.get(id)!.key)
      const reenters = t.targets.length > 0 && t.targets.every((id) => id === t.source)
      push(rows, source, { t, ...(reenters ? { reenters } : {}), ...(to.length ? { to } : {}) })
    } else if (!targets.length) {
      hidden.set(source, (hidden.get(source) ?? 0) + 1)
    } else {
      targets.forEach((target, i) => {
        const id = `${source} → ${target}`
        const edge = edges.get(id) ?? { id, source, target, transitions: [], labelled: [] }
        edge.transitions.push(t)
        if (i === 0) edge.labelled.push(t)
        edges.set(id, edge)
      })
    }
  }
  return { rows, edges: [...edges.values()], hidden }
}
