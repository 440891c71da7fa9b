import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api'
import type { FlowGraph, FlowState } from './graph'
import {
  measureBox,
  measureLabel,
  type BoxContent,
  type LabelEntry,
  type Point,
  type Rect,
} from './layoutBoxes'
import { containerOf, descendantsOf, plan, scopeOf, type PlannedEdge } from './layoutPlan'

export type { DiagramRow, LabelEntry, Point, Rect, TextLine } from './layoutBoxes'

export type DiagramState = Rect &
  BoxContent & {
    id: string
    type: FlowState['type']
    /** 'region': a parallel state's child, drawn dashed; 'root': the machine. */
    shape: 'root' | 'state' | 'region' | 'final'
    depth: number
    parent?: string
    description?: string
    collapsible: boolean
    collapsed: boolean
    /** For a collapsed state: the ids of the states inside it, which light it up when active. */
    inside: string[]
  }

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

const MARGIN = 12
const INITIAL_DOT = 12

// Model order keeps the layout close to the machine's own order of states and transitions.
const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.padding': `[top=${MARGIN},left=${MARGIN},bottom=${MARGIN},right=${MARGIN}]`,
}
const SPACING = {
  'elk.spacing.nodeNode': '24',
  'elk.layered.spacing.nodeNodeBetweenLayers': '24',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeEdge': '8',
  'elk.layered.spacing.edgeNodeBetweenLayers': '10',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
  'elk.spacing.edgeLabel': '4',
}
// On the arrow, not beside it: with several arrows side by side a label beside one reads as the
// other's. The label's background hides the line behind it.
const LABEL_OPTIONS = { 'elk.edgeLabels.placement': 'CENTER', 'elk.edgeLabels.inline': 'true' }

// ELK breaks cycles its own way; a machine is written in reading order, so an arrow to a state
// written further down should point down (or right) too.
const FORWARD = { 'elk.layered.priority.direction': '10' }

/** Which compound states start collapsed: none, unless the machine is too big to read whole. */
export function initiallyCollapsed(graph: FlowGraph, limit = 25): Set<string> {
  if (graph.states.length <= limit) return new Set()
  return new Set(
    graph.states.filter((s) => s.children.length && s.path.split('.').length >= 2).map((s) => s.id),
  )
}

type Measured = {
  boxes: Map<string, ReturnType<typeof measureBox>>
  labels: Map<string, ReturnType<typeof measureLabel>>
  meta: Map<string, Omit<DiagramState, keyof Rect | keyof BoxContent>>
  edges: Map<string, PlannedEdge>
}

/** The ELK graph for one direction: the machine's box with its states nested inside. */
function elkGraph(graph: FlowGraph, options: LayoutOptions, direction: 'DOWN' | 'RIGHT') {
  const descriptions = options.descriptions ?? true
  const scope = scopeOf(graph, options.collapsed)
  const { rows, edges, hidden } = plan(graph, scope)
  const measured: Measured = {
    boxes: new Map(),
    labels: new Map(),
    meta: new Map(),
    edges: new Map(edges.map((e) => [e.id, e])),
  }
  const elkNodes = new Map<string, ElkNode>()

  function build(state: FlowState, depth: number): ElkNode {
    const collapsed = scope.collapsed.has(state.id)
    const collapsible = depth > 0 && state.children.length > 0
    const inside = collapsed ? descendantsOf(scope, state.id) : []
    const box = measureBox({
      state,
      rows: rows.get(state.id) ?? [],
      collapsible,
      collapsed,
      ...(collapsed
        ? { hidden: { states: inside.length, transitions: hidden.get(state.id) ?? 0 } }
        : {}),
      descriptions,
      title: depth === 0 ? graph.id : state.key,
    })
    measured.boxes.set(state.id, box)
    const parent = state.parent ? scope.byId.get(state.parent) : undefined
    measured.meta.set(state.id, {
      id: state.id,
      type: state.type,
      shape:
        depth === 0
          ? 'root'
          : parent?.type === 'parallel'
            ? 'region'
            : state.type === 'final'
              ? 'final'
              : 'state',
      depth,
      ...(state.parent ? { parent: state.parent } : {}),
      ...(state.description ? { description: state.description } : {}),
      collapsible,
      collapsed,
      inside,
    })
    const node: ElkNode = { id: state.id, width: box.width, height: box.height, edges: [] }
    elkNodes.set(state.id, node)
    if (!state.children.length || collapsed) return node
    node.children = state.children.map((c) => build(scope.byId.get(c)!, depth + 1))
    node.layoutOptions = {
      ...SPACING,
      // The box's own lines sit above its children.
      'elk.padding': `[top=${box.height + 4},left=12,bottom=12,right=12]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${box.width}, ${box.height + 24})`,
    }
    if (state.initial) {
      const dot = `${state.id}#initial`
      node.children.unshift({
        id: dot,
        width: INITIAL_DOT,
        height: INITIAL_DOT,
        layoutOptions: { 'elk.layered.layering.layerConstraint': 'FIRST' },
      })
      node.edges!.push({
        id: dot,
        sources: [dot],
        targets: [scope.shown(state.initial)],
        layoutOptions: FORWARD,
      })
    }
    return node
  }

  const root: ElkNode = {
    id: '#diagram',
    layoutOptions: { ...ROOT_OPTIONS, ...SPACING, 'elk.direction': direction },
    children: [build(scope.byId.get(graph.root)!, 0)],
  }
  const order = new Map(graph.states.map((s, i) => [s.id, i]))
  for (const e of edges) {
    const label = e.labelled.length ? measureLabel(e.labelled) : undefined
    if (label) measured.labels.set(e.id, label)
    const edge: ElkExtendedEdge = {
      id: e.id,
      sources: [e.source],
      targets: [e.target],
      ...(order.get(e.source)! < order.get(e.target)! ? { layoutOptions: FORWARD } : {}),
      ...(label
        ? {
            labels: [
              // ELK leaves a label without text unplaced; the text itself is drawn by us.
              {
                id: `${e.id}#label`,
                text: e.id,
                width: label.width,
                height: label.height,
                layoutOptions: LABEL_OPTIONS,
              },
            ],
          }
        : {}),
    }
    elkNodes.get(containerOf(scope, e.source, e.target) ?? graph.root)!.edges!.push(edge)
  }
  return { root, measured }
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
