import type {
  DiagramEdge,
  DiagramLayout,
  DiagramState,
  Point,
  TextLine,
} from '../../../flows/layout'
import type { Palette } from './palette'

/** Drawing primitives with their colours settled: the page's SVG and the exported one draw these. */
export type Shape =
  | {
      tag: 'rect'
      x: number
      y: number
      width: number
      height: number
      rx: number
      fill: string
      stroke?: string
      strokeWidth?: number
      dash?: string
    }
  | { tag: 'path'; d: string; stroke?: string; strokeWidth?: number; fill?: string }
  | { tag: 'circle'; cx: number; cy: number; r: number; fill: string }
  | {
      tag: 'text'
      x: number
      y: number
      text: string
      size: number
      fill: string
      bold?: boolean
      italic?: boolean
    }

/** One thing a person can point at: a state, an arrow, its label, a row, a collapse toggle. */
export type SceneItem = {
  id: string
  role: 'state' | 'initial' | 'edge' | 'labelBox' | 'label' | 'row' | 'toggle'
  state?: string
  transition?: string
  /** What hovering it says: the description. */
  title?: string
  active?: boolean
  taken?: boolean
  enabled?: boolean
  expanded?: boolean
  shapes: Shape[]
}

export type Scene = { width: number; height: number; background: string; items: SceneItem[] }

export type Highlight = {
  active?: ReadonlySet<string>
  taken?: ReadonlySet<string>
  enabled?: ReadonlySet<string>
}

const round = (n: number) => Math.round(n * 10) / 10

function text(line: TextLine, fill: string): Shape {
  return {
    tag: 'text',
    x: round(line.x),
    y: round(line.y),
    text: line.text,
    size: line.size,
    fill,
    ...(line.bold ? { bold: true } : {}),
    ...(line.italic ? { italic: true } : {}),
  }
}

const toneOf = (p: Palette, tone: TextLine['tone']) =>
  tone === 'strong' ? p.strong : tone === 'muted' ? p.muted : p.normal

/** An orthogonal route with its corners rounded, stopping short of the arrowhead. */
function routePath(points: Point[], shorten: number): string {
  if (points.length < 2) return ''
  const pts = points.map((p) => ({ ...p }))
  const last = pts[pts.length - 1]!
  const prev = pts[pts.length - 2]!
  const length = Math.hypot(last.x - prev.x, last.y - prev.y) || 1
  last.x -= ((last.x - prev.x) / length) * shorten
  last.y -= ((last.y - prev.y) / length) * shorten
  let d = `M${round(pts[0]!.x)} ${round(pts[0]!.y)}`
  for (let i = 1; i < pts.length - 1; i++) {
    const [a, b, c] = [pts[i - 1]!, pts[i]!, pts[i + 1]!]
    const r = Math.min(
      6,
      Math.hypot(b.x - a.x, b.y - a.y) / 2,
      Math.hypot(c.x - b.x, c.y - b.y) / 2,
    )
    const inX = b.x - Math.sign(b.x - a.x) * r
    const inY = b.y - Math.sign(b.y - a.y) * r
    const outX = b.x + Math.sign(c.x - b.x) * r
    const outY = b.y + Math.sign(c.y - b.y) * r
    d += ` L${round(inX)} ${round(inY)} Q${round(b.x)} ${round(b.y)} ${round(outX)} ${round(outY)}`
  }
  return `${d} L${round(last.x)} ${round(last.y)}`
}

function arrowhead(points: Point[], size: number): string {
  const tip = points[points.length - 1]!
  const from = points[points.length - 2]!
  const length = Math.hypot(tip.x - from.x, tip.y - from.y) || 1
  const [ux, uy] = [(tip.x - from.x) / length, (tip.y - from.y) / length]
  const [bx, by] = [tip.x - ux * size, tip.y - uy * size]
  const half = size * 0.55
  return `M${round(tip.x)} ${round(tip.y)} L${round(bx - uy * half)} ${round(by + ux * half)} L${round(bx + uy * half)} ${round(by - ux * half)} Z`
}

function stateItems(
  s: DiagramState,
  p: Palette,
  h: Highlight,
  descriptions: ReadonlyMap<string, string>,
): SceneItem[] {
  const active = !!h.active?.has(s.id) || s.inside.some((id) => h.active?.has(id))
  const open = s.type === 'compound' || s.type === 'parallel'
  const fill = active
    ? p.activeFill
    : s.shape === 'root'
      ? p.rootFill
      : open && !s.collapsed
        ? p.compoundFill
        : p.stateFill
  const stroke = active ? p.activeStroke : s.shape === 'region' ? p.regionStroke : p.stroke
  const strokeWidth = active ? 2.5 : 1.2
  const box = { x: round(s.x), y: round(s.y), width: round(s.width), height: round(s.height) }
  const shapes: Shape[] = []
  // A collapsed box shows a second edge behind it, like a stack: there is more inside.
  if (s.collapsed)
    shapes.push({
      tag: 'rect',
      ...box,
      x: box.x + 4,
      y: box.y + 4,
      rx: 8,
      fill,
      stroke,
      strokeWidth: 1,
    })
  shapes.push({
    tag: 'rect',
    ...box,
    rx: s.shape === 'region' ? 4 : 8,
    fill,
    stroke,
    strokeWidth,
    ...(s.shape === 'region' ? { dash: '6 4' } : {}),
  })
  if (s.shape === 'final')
    shapes.push({
      tag: 'rect',
      x: box.x + 3,
      y: box.y + 3,
      width: box.width - 6,
      height: box.height - 6,
      rx: 6,
      fill,
      stroke,
      strokeWidth: 1.2,
    })
  for (const chip of s.chips) {
    shapes.push({
      tag: 'rect',
      x: round(chip.x),
      y: round(chip.y),
      width: round(chip.width),
      height: chip.height,
      rx: chip.height / 2,
      fill: p.chipFill,
    })
    shapes.push({
      tag: 'text',
      x: round(chip.x + 5),
      y: round(chip.y + chip.height / 2 + chip.size * 0.35),
      text: chip.text,
      size: chip.size,
      fill: p.chipText,
    })
  }
  if (s.divider !== undefined) {
    const y = round(s.divider)
    shapes.push({
      tag: 'path',
      d: `M${box.x + 6} ${y} H${box.x + box.width - 6}`,
      stroke: p.stroke,
      strokeWidth: 0.8,
    })
  }
  for (const line of s.lines)
    shapes.push(text(line, active && line.tone === 'strong' ? p.strong : toneOf(p, line.tone)))
  const items: SceneItem[] = [
    {
      id: `state:${s.id}`,
      role: 'state',
      state: s.id,
      ...(s.description ? { title: s.description } : {}),
      active,
      shapes,
    },
  ]
  for (const row of s.rows) {
    const enabled = !!h.enabled?.has(row.key)
    const taken = !!h.taken?.has(row.key)
    const rowShapes: Shape[] = []
    if (enabled || taken)
      rowShapes.push({
        tag: 'rect',
        x: round(row.x),
        y: round(row.y),
        width: round(row.width),
        height: round(row.height),
        rx: 4,
        fill: enabled ? p.enabledFill : fill,
        stroke: taken ? p.taken : p.enabledStroke,
        strokeWidth: taken ? 2 : 1,
      })
    for (const line of row.lines)
      rowShapes.push(text(line, enabled ? p.enabledText : toneOf(p, line.tone)))
    const title = descriptions.get(row.key)
    items.push({
      id: `row:${row.key}`,
      role: 'row',
      state: s.id,
      transition: row.key,
      ...(title ? { title } : {}),
      enabled,
      taken,
      shapes: rowShapes,
    })
  }
  if (s.toggle) {
    const t = s.toggle
    const [cx, cy] = [round(t.x + t.width / 2), round(t.y + t.height / 2)]
    const sign = `M${cx - 4} ${cy} H${cx + 4}${s.collapsed ? ` M${cx} ${cy - 4} V${cy + 4}` : ''}`
    items.push({
      id: `toggle:${s.id}`,
      role: 'toggle',
      state: s.id,
      expanded: !s.collapsed,
      shapes: [
        {
          tag: 'rect',
          x: round(t.x),
          y: round(t.y),
          width: t.width,
          height: t.height,
          rx: 3,
          fill: p.toggleFill,
          stroke: p.stroke,
          strokeWidth: 1,
        },
        { tag: 'path', d: sign, stroke: p.strong, strokeWidth: 1.6 },
      ],
    })
  }
  return items
}

function edgeItems(
  e: DiagramEdge,
  p: Palette,
  h: Highlight,
  descriptions: ReadonlyMap<string, string>,
): SceneItem[] {
  const taken = e.keys.some((k) => h.taken?.has(k))
  const colour = taken ? p.taken : e.error ? p.errorEdge : p.edge
  const items: SceneItem[] = [
    {
      id: `edge:${e.id}`,
      role: 'edge',
      transition: e.keys[0]!,
      taken,
      shapes: [
        {
          tag: 'path',
          d: routePath(e.points, 7),
          stroke: colour,
          strokeWidth: taken ? 2.6 : 1.3,
          fill: 'none',
        },
        { tag: 'path', d: arrowhead(e.points, taken ? 10 : 8), fill: colour },
      ],
    },
  ]
  if (!e.label) return items
  const l = e.label
  items.push({
    id: `labelBox:${e.id}`,
    role: 'labelBox',
    shapes: [
      {
        tag: 'rect',
        x: round(l.x),
        y: round(l.y),
        width: round(l.width),
        height: round(l.height),
        rx: 4,
        fill: p.labelFill,
      },
    ],
  })
  for (const entry of l.entries) {
    const enabled = !!h.enabled?.has(entry.key)
    const entryTaken = !!h.taken?.has(entry.key)
    const title = descriptions.get(entry.key)
    const shapes: Shape[] = []
    if (enabled || entryTaken)
      shapes.push({
        tag: 'rect',
        x: round(entry.x),
        y: round(entry.y),
        width: round(entry.width),
        height: round(entry.height),
        rx: 4,
        fill: enabled ? p.enabledFill : p.labelFill,
        stroke: entryTaken ? p.taken : p.enabledStroke,
        strokeWidth: entryTaken ? 2 : 1.2,
      })
    for (const line of entry.lines)
      shapes.push(
        text(line, enabled && line.tone === 'strong' ? p.enabledText : toneOf(p, line.tone)),
      )
    items.push({
      id: `label:${e.id}:${entry.key}`,
      role: 'label',
      transition: entry.key,
      ...(title ? { title } : {}),
      enabled,
      taken: entryTaken,
      shapes,
    })
  }
  return items
}

/**
 * The laid-out diagram in colour, with the simulation's highlights: active states filled, taken
 * transitions stroked, enabled ones marked (the page makes those labels and rows buttons).
 */
export function diagramScene(
  layout: DiagramLayout,
  palette: Palette,
  highlight: Highlight = {},
  descriptions: ReadonlyMap<string, string> = new Map(),
): Scene {
  const items: SceneItem[] = layout.states.flatMap((s) =>
    stateItems(s, palette, highlight, descriptions),
  )
  for (const i of layout.initials) {
    items.push({
      id: `initial:${i.state}`,
      role: 'initial',
      state: i.state,
      shapes: [
        {
          tag: 'circle',
          cx: round(i.dot.x + i.dot.width / 2),
          cy: round(i.dot.y + i.dot.height / 2),
          r: i.dot.width / 2,
          fill: palette.strong,
        },
        {
          tag: 'path',
          d: routePath(i.points, 7),
          stroke: palette.strong,
          strokeWidth: 1.3,
          fill: 'none',
        },
        { tag: 'path', d: arrowhead(i.points, 8), fill: palette.strong },
      ],
    })
  }
  const edges = layout.edges.flatMap((e) => edgeItems(e, palette, highlight, descriptions))
  // Arrows first, then every label, so no line runs across a label's text.
  items.push(...edges.filter((i) => i.role === 'edge'), ...edges.filter((i) => i.role !== 'edge'))
  return { width: layout.width, height: layout.height, background: palette.background, items }
}
