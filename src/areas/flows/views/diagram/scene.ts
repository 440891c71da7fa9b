import type { DiagramLayout } from '../../../../flows/layout'
import type { Palette } from './palette'
import { edgeItems, initialItem } from './sceneEdges'
import type { Highlight, Scene, SceneItem } from './sceneShapes'
import { stateItems } from './sceneStates'

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
  const states = layout.states.map((s) => stateItems(s, palette, highlight, descriptions))
  const items: SceneItem[] = states.flatMap((s) => s.base)
  items.push(...layout.initials.map((i) => initialItem(i, palette)))
  const edges = layout.edges.flatMap((e) => edgeItems(e, palette, highlight, descriptions))
  // Boxes, then arrows, then every text an arrow may cross (headers, rows, labels) on top.
  items.push(
    ...edges.filter((i) => i.role === 'edge'),
    ...states.flatMap((s) => s.overlay),
    ...edges.filter((i) => i.role !== 'edge'),
  )
  return { width: layout.width, height: layout.height, background: palette.background, items }
}
