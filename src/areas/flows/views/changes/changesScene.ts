import type { Change } from '../../../../flows/diff'
import type { DiagramChanges } from '../../../../flows/release/changes'
import type { DiagramTheme, Palette } from '../diagram/palette'
import type { Scene, SceneItem, Shape } from '../diagram/sceneShapes'
import { CHANGE_TONES, CHANGE_WORDS, type ChangeTone } from './changesPalette'

type Rect = Extract<Shape, { tag: 'rect' }>

const TAG_SIZE = 10
const TAG_HEIGHT = 16

/** A tag on a box's top edge, at its right: "+ added". */
function tag(box: Rect, tone: ChangeTone, words: string): Shape[] {
  const width = Math.round(words.length * TAG_SIZE * 0.62 + 12)
  // At the left of the top edge: the collapse toggle sits at the right.
  const x = box.x + 10
  const y = box.y - TAG_HEIGHT / 2
  return [
    {
      tag: 'rect',
      x,
      y,
      width,
      height: TAG_HEIGHT,
      rx: TAG_HEIGHT / 2,
      fill: tone.tagFill,
      stroke: tone.line,
      strokeWidth: 1,
    },
    {
      tag: 'text',
      x: x + 6,
      y: y + TAG_HEIGHT / 2 + TAG_SIZE * 0.35,
      text: words,
      size: TAG_SIZE,
      fill: tone.tagText,
      bold: true,
    },
  ]
}

const titled = (item: SceneItem, change: Change) =>
  `${CHANGE_WORDS[change][0]!.toUpperCase()}${CHANGE_WORDS[change].slice(1)} since the release${item.title ? `: ${item.title}` : '.'}`

/** A collapsed state with changes inside: its box says so ("~ changes inside"), its line as is. */
function markAround(item: SceneItem, tone: ChangeTone): SceneItem {
  const rects = item.shapes.filter((s): s is Rect => s.tag === 'rect')
  const box = rects.reduce((a, b) => (b.x < a.x ? b : a), rects[0]!)
  return { ...item, shapes: [...item.shapes, ...tag(box, tone, `${tone.sign} changes inside`)] }
}

function markState(item: SceneItem, change: Change, tone: ChangeTone): SceneItem {
  const rects = item.shapes.filter((s): s is Rect => s.tag === 'rect')
  // A collapsed box's stack edge is drawn first, 4 px down and right: the box is the leftmost.
  const box = rects.reduce((a, b) => (b.x < a.x ? b : a), rects[0]!)
  const shapes = item.shapes.map((s) =>
    s.tag === 'rect'
      ? {
          ...s,
          stroke: tone.line,
          strokeWidth: s === box ? 2.5 : 1.5,
          ...(tone.dash ? { dash: tone.dash } : {}),
        }
      : s,
  )
  return {
    ...item,
    title: titled(item, change),
    shapes: [...shapes, ...tag(box, tone, `${tone.sign} ${CHANGE_WORDS[change]}`)],
  }
}

/** A label entry or a row of a box: outlined and filled in its tone, its sign to its left. */
function markTransition(item: SceneItem, change: Change, tone: ChangeTone, p: Palette): SceneItem {
  const box = item.shapes.find((s): s is Rect => s.tag === 'rect')
  const shapes: Shape[] = item.shapes.map((s) =>
    s === box
      ? {
          ...s,
          fill: tone.tagFill,
          stroke: tone.line,
          strokeWidth: 1.6,
          ...(tone.dash ? { dash: tone.dash } : {}),
        }
      : s,
  )
  if (box)
    shapes.push({
      tag: 'text',
      x: box.x - 10,
      y: box.y + box.height / 2 + 4,
      text: tone.sign,
      size: 12,
      bold: true,
      fill: tone.line,
      halo: p.background,
    })
  return { ...item, title: titled(item, change), shapes }
}

function markEdge(
  item: SceneItem,
  change: Change | undefined,
  tone: ChangeTone | undefined,
  p: Palette,
): SceneItem {
  const colour = tone?.line ?? p.edge
  return {
    ...item,
    shapes: item.shapes.map((s) =>
      s.tag !== 'path'
        ? s
        : s.fill && s.fill !== 'none'
          ? { ...s, fill: colour }
          : {
              ...s,
              stroke: colour,
              strokeWidth: change ? 2.2 : 1.3,
              ...(tone?.dash ? { dash: tone.dash } : {}),
            },
    ),
  }
}

/** The one change all of an arrow's transitions share; none when they differ. */
function edgeChanges(items: readonly SceneItem[], marks: DiagramChanges) {
  const labels = new Map<string, (Change | undefined)[]>()
  let edge: string | undefined
  for (const item of items) {
    if (item.role === 'labelBox') edge = item.id.slice('labelBox:'.length)
    else if (item.role === 'label' && edge && item.transition)
      labels.set(edge, [...(labels.get(edge) ?? []), marks.transitions.get(item.transition)])
  }
  return (item: SceneItem): Change | undefined => {
    const entries = labels.get(item.id.slice('edge:'.length))
    if (!entries) return item.transition ? marks.transitions.get(item.transition) : undefined
    return entries.every((c) => c === entries[0]) ? entries[0] : undefined
  }
}

/**
 * The diagram's scene with the changes since the release marked. The diagram is drawn with every
 * changed transition as "taken", which outlines its label and row; here those take the change's
 * tone, states get a tag on their edge, and removed parts a dashed line, changed ones a dotted one.
 */
export function markChanges(
  scene: Scene | undefined,
  marks: DiagramChanges | undefined,
  palette: Palette,
  theme: DiagramTheme,
): Scene | undefined {
  if (!scene || !marks) return scene
  const tones = CHANGE_TONES[theme]
  const edgeChange = edgeChanges(scene.items, marks)
  const collapsed = new Set(
    scene.items.flatMap((i) => (i.role === 'toggle' && !i.expanded && i.state ? [i.state] : [])),
  )
  const items = scene.items.map((item) => {
    if (item.role === 'state' && item.state) {
      const change = marks.states.get(item.state)
      if (change) return markState(item, change, tones[change])
      const hidden = collapsed.has(item.state) && marks.around.has(item.state)
      return hidden ? markAround(item, tones.changed) : item
    }
    if (item.role === 'edge') {
      const change = edgeChange(item)
      // Unchanged arrows all in the diagram's grey: its red for failures would read as removed.
      return markEdge(item, change, change && tones[change], palette)
    }
    if ((item.role === 'label' || item.role === 'row') && item.transition) {
      const change = marks.transitions.get(item.transition)
      return change ? markTransition(item, change, tones[change], palette) : item
    }
    return item
  })
  return { ...scene, items }
}
