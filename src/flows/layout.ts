import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api'
import type { FlowGraph } from './graph'
import type { BoxContent, Point, Rect } from './layoutBoxes'
import type { LabelEntry } from './layoutLabels'
import { elkGraph, type Measured, type StateMeta } from './layoutElk'

export type { DiagramRow, Point, Rect, TextLine } from './layoutBoxes'
export type { LabelEntry } from './layoutLabels'

export type DiagramState = Rect & BoxContent & StateMeta

/** One arrow between two boxes, for every transition between them (one label entry each). */
export type DiagramEdge = {
  id: string
  source: string
  target: string
  /** The keys of the transitions it stands for. */
  keys: string[]
  /** Every one of them is an invoked actor's error: drawn in the error colour. */
  error: boolean
  points: Point[]
  label?: Rect & { entries: LabelEntry[] }
}

/** A compound state's initial marker: a dot and its arrow to the initial child. */
export type DiagramInitial = { state: string; target: string; dot: Rect; points: Point[] }

/** The diagram as plain data (absolute px, origin top left): what both renderers draw. */
export type DiagramLayout = {
  width: number
  height: number
  /** Parents before their children, so drawing in order paints children on top. */
  states: DiagramState[]
  edges: DiagramEdge[]
  initials: DiagramInitial[]
}

export type LayoutOptions = {
  /** Compound states drawn as one box; arrows to the states inside point at the box. */
  collapsed: ReadonlySet<string>
  /** Descriptions written in the boxes (every box has them on hover anyway). */
  descriptions?: boolean
}

/** Which compound states start collapsed: none, unless the machine is too big to read whole. */
export function initiallyCollapsed(graph: FlowGraph, limit = 25): Set<string> {
  if (graph.states.length <= limit) return new Set()
  return new Set(
    graph.states.filter((s) => s.children.length && s.path.split('.').length >= 2).map((s) => s.id),
  )
}

function rectOf(shape: { x?: number; y?: number; width?: number; height?: number }): Rect {
  return { x: shape.x ?? 0, y: shape.y ?? 0, width: shape.width ?? 0, height: shape.height ?? 0 }
}

function pointsOf(edge: ElkExtendedEdge): Point[] {
  const section = edge.sections?.[0]
  if (!section) return []
  return [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(({ x, y }) => ({
    x,
    y,
  }))
}

function readLayout(laid: ElkNode, graph: FlowGraph, m: Measured): DiagramLayout {
  const states: DiagramState[] = []
  const initials: DiagramInitial[] = []
  const edges: DiagramEdge[] = []

  function visit(node: ElkNode) {
    if (m.meta.has(node.id)) {
      const rect = rectOf(node)
      states.push({ ...rect, ...m.meta.get(node.id)!, ...m.boxes.get(node.id)!.place(rect) })
    }
    for (const edge of node.edges ?? []) {
      const planned = m.edges.get(edge.id)
      if (!planned) {
        const dot = node.children!.find((c) => c.id === edge.id)!
        initials.push({
          state: node.id,
          target: edge.targets[0]!,
          dot: rectOf(dot),
          points: pointsOf(edge),
        })
        continue
      }
      const label = m.labels.get(edge.id)
      const at = edge.labels?.[0] && rectOf(edge.labels[0])
      edges.push({
        id: planned.id,
        source: planned.source,
        target: planned.target,
        keys: planned.transitions.map((t) => t.key),
        error: planned.transitions.every((t) => t.kind === 'error'),
        points: pointsOf(edge),
        ...(label && at ? { label: { ...at, entries: label.place(at) } } : {}),
      })
    }
    for (const child of node.children ?? []) visit(child)
  }
  visit(laid)
  const order = new Map(graph.transitions.map((t, i) => [t.key, i]))
  edges.sort((a, b) => order.get(a.keys[0]!)! - order.get(b.keys[0]!)!)
  return {
    width: Math.ceil(laid.width ?? 0),
    height: Math.ceil(laid.height ?? 0),
    states,
    edges,
    initials,
  }
}

/** How well a layout fits a page column: its scale at fit-to-width, then the less area. */
const fitScore = (l: DiagramLayout, column: number) => Math.min(1, column / l.width)

/**
 * Lays a machine's graph out with ELK (layered, hierarchical): boxes nested as the states are,
 * parallel regions side by side, each transition on a labelled arrow placed by ELK, or a row in
 * its state's box when it stays inside the box. Both directions are tried and the one whose text
 * stays larger at fit-to-width wins (a star of dialogs around one state lies better left to right,
 * most machines top to bottom). Pure data out: the page and `npm run flows` both draw it.
 */
export async function layoutGraph(
  graph: FlowGraph,
  options: LayoutOptions = { collapsed: new Set() },
): Promise<DiagramLayout> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js')
  const elk = new ELK()
  const layouts: DiagramLayout[] = []
  for (const direction of ['DOWN', 'RIGHT'] as const) {
    const { root, measured } = elkGraph(graph, options, direction)
    layouts.push(readLayout(await elk.layout(root), graph, measured))
  }
  const [down, right] = layouts as [DiagramLayout, DiagramLayout]
  const column = 1200
  return fitScore(right, column) > fitScore(down, column) + 0.05 ? right : down
}
