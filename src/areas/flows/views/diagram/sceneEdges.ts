import type { DiagramEdge, DiagramInitial, Point } from '../../../../flows/layout'
import type { Palette } from './palette'
import { round, text, toneOf, type Highlight, type SceneItem, type Shape } from './sceneShapes'

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

/** A compound state's initial marker: a dot and its arrow. */
export function initialItem(i: DiagramInitial, p: Palette): SceneItem {
  return {
    id: `initial:${i.state}`,
    role: 'initial',
    state: i.state,
    shapes: [
      {
        tag: 'circle',
        cx: round(i.dot.x + i.dot.width / 2),
        cy: round(i.dot.y + i.dot.height / 2),
        r: i.dot.width / 2,
        fill: p.strong,
      },
      { tag: 'path', d: routePath(i.points, 7), stroke: p.strong, strokeWidth: 1.3, fill: 'none' },
      { tag: 'path', d: arrowhead(i.points, 8), fill: p.strong },
    ],
  }
}

/** An arrow (its own item) and its label: a box, then one item per transition it stands for. */
export function edgeItems(
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
