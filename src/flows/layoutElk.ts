import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api'
import type { FlowGraph, FlowState } from './graph'
import { measureBox } from './layoutBoxes'
import { measureLabel } from './layoutLabels'
import { containerOf, descendantsOf, plan, scopeOf, type PlannedEdge } from './layoutPlan'

/** What a state's box is, apart from where it is and what it says. */
export type StateMeta = {
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

export type Measured = {
  boxes: Map<string, ReturnType<typeof measureBox>>
  labels: Map<string, ReturnType<typeof measureLabel>>
  meta: Map<string, StateMeta>
  edges: Map<string, PlannedEdge>
}

/** The ELK graph for one direction: the machine's box with its states nested inside. */
export function elkGraph(
  graph: FlowGraph,
  options: { collapsed: ReadonlySet<string>; descriptions?: boolean },
  direction: 'DOWN' | 'RIGHT',
) {
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
      // ELK 0.12 reads a nested node's minimum size transposed when the layout runs downwards.
      'elk.nodeSize.minimum':
        direction === 'DOWN'
          ? `(${box.height + 24}, ${box.width})`
          : `(${box.width}, ${box.height + 24})`,
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
