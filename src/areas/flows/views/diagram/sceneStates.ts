import type { DiagramState } from '../../../../flows/layout'
import type { Palette } from './palette'
import { round, text, toneOf, type Highlight, type SceneItem, type Shape } from './sceneShapes'

/**
 * A state's box: its frame in the base layer; its own text, rows and toggle in the overlay, drawn
 * after the arrows (an arrow into a compound state crosses its header).
 */
export function stateItems(
  s: DiagramState,
  p: Palette,
  h: Highlight,
  descriptions: ReadonlyMap<string, string>,
): { base: SceneItem[]; overlay: SceneItem[] } {
  const active = !!h.active?.has(s.id) || s.inside.some((id) => h.active?.has(id))
  const open = s.type === 'compound' || s.type === 'parallel'
  // An active box with states drawn inside it gets the bold border only: filled, it would drown
  // the active state inside it (and the machine's own box is always active).
  const container = open && !s.collapsed
  const fill = container
    ? s.shape === 'root'
      ? p.rootFill
      : p.compoundFill
    : active
      ? p.activeFill
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
  // Arrows into a compound state cross its header on their way to the states inside: its text is
  // drawn over them, with a rim of the box's colour.
  const own: Shape[] = []
  const halo = container ? fill : undefined
  for (const chip of s.chips) {
    own.push({
      tag: 'rect',
      x: round(chip.x),
      y: round(chip.y),
      width: round(chip.width),
      height: chip.height,
      rx: chip.height / 2,
      fill: p.chipFill,
    })
    own.push({
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
    own.push({
      tag: 'path',
      d: `M${box.x + 6} ${y} H${box.x + box.width - 6}`,
      stroke: p.stroke,
      strokeWidth: 0.8,
    })
  }
  for (const line of s.lines) own.push(text(line, toneOf(p, line.tone), halo))
  const title = s.description ? { title: s.description } : {}
  const base: SceneItem[] = [
    {
      id: `state:${s.id}`,
      role: 'state',
      state: s.id,
      ...title,
      active,
      shapes: container ? shapes : [...shapes, ...own],
    },
  ]
  const overlay: SceneItem[] = container
    ? [{ id: `header:${s.id}`, role: 'header', state: s.id, ...title, shapes: own }]
    : []
  for (const row of s.rows) {
    const enabled = !!h.enabled?.has(row.key)
    const taken = !!h.taken?.has(row.key)
    const rowShapes: Shape[] = []
    if (enabled || taken || container)
      rowShapes.push({
        tag: 'rect',
        x: round(row.x),
        y: round(row.y),
        width: round(row.width),
        height: round(row.height),
        rx: 4,
        fill: enabled ? p.enabledFill : fill,
        ...(enabled || taken
          ? { stroke: taken ? p.taken : p.enabledStroke, strokeWidth: taken ? 2 : 1 }
          : {}),
      })
    for (const line of row.lines)
      rowShapes.push(text(line, enabled ? p.enabledText : toneOf(p, line.tone)))
    const title = descriptions.get(row.key)
    overlay.push({
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
    overlay.push({
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
  return { base, overlay }
}
