/**
 * Exports of a machine's diagram. The Flows page's buttons and `npm run flows` call these:
 *
 * - `diagramSvg(graph, layout, theme, highlight?): string` — a standalone SVG document (xmlns,
 *   explicit colours, generic font families, its own background): it looks the same opened alone.
 * - `downloadSvg(graph, layout, theme): void` — saves that SVG as `<machine>.svg`.
 * - `downloadPng(graph, layout, theme): Promise<void>` — draws it on a canvas at twice its size and
 *   saves `<machine>.png`.
 * - `downloadMachineJson(graph): void` — saves the machine's graph (states, transitions,
 *   descriptions; `machineGraph`'s output) as `<machine>.json`.
 *
 * `layout` is `layoutGraph(graph, …)`'s answer, so an export shows what the page shows (collapsed
 * states stay collapsed).
 */
import type { FlowGraph } from '../../../flows/graph'
import type { DiagramLayout } from '../../../flows/layout'
import { DIAGRAM_FONT } from '../../../flows/layoutText'
import { PALETTES, type DiagramTheme } from './palette'
import { diagramScene, type Highlight, type Scene, type Shape } from './scene'

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escape(String(v))}"`)
    .join('')
}

function shapeSvg(shape: Shape): string {
  switch (shape.tag) {
    case 'rect':
      return `<rect${attributes({
        x: shape.x,
        y: shape.y,
        width: shape.width,
        height: shape.height,
        rx: shape.rx,
        fill: shape.fill,
        stroke: shape.stroke,
        'stroke-width': shape.strokeWidth,
        'stroke-dasharray': shape.dash,
      })}/>`
    case 'path':
      return `<path${attributes({
        d: shape.d,
        fill: shape.fill ?? 'none',
        stroke: shape.stroke,
        'stroke-width': shape.strokeWidth,
      })}/>`
    case 'circle':
      return `<circle${attributes({ cx: shape.cx, cy: shape.cy, r: shape.r, fill: shape.fill })}/>`
    case 'text':
      return `<text${attributes({
        x: shape.x,
        y: shape.y,
        'font-size': shape.size,
        'font-weight': shape.bold ? 'bold' : undefined,
        'font-style': shape.italic ? 'italic' : undefined,
        fill: shape.fill,
      })}>${escape(shape.text)}</text>`
  }
}

/** A scene as an SVG document. */
export function sceneSvg(scene: Scene, title: string, description?: string): string {
  const items = scene.items.map((item) => {
    const tip = item.title ? `<title>${escape(item.title)}</title>` : ''
    return `<g${attributes({ 'data-role': item.role })}>${tip}${item.shapes.map(shapeSvg).join('')}</g>`
  })
  return [
    `<svg xmlns="http://www.w3.org/2000/svg"${attributes({
      width: scene.width,
      height: scene.height,
      viewBox: `0 0 ${scene.width} ${scene.height}`,
      'font-family': DIAGRAM_FONT,
      role: 'img',
    })}>`,
    `<title>${escape(title)}</title>`,
    description ? `<desc>${escape(description)}</desc>` : '',
    `<rect width="100%" height="100%" fill="${scene.background}"/>`,
    ...items,
    '</svg>',
  ].join('\n')
}

/** The transitions' descriptions by key: hovering an arrow's label shows its description. */
export const transitionDescriptions = (graph: FlowGraph) =>
  new Map(graph.transitions.flatMap((t) => (t.description ? [[t.key, t.description]] : [])))

export function diagramSvg(
  graph: FlowGraph,
  layout: DiagramLayout,
  theme: DiagramTheme,
  highlight: Highlight = {},
): string {
  const scene = diagramScene(layout, PALETTES[theme], highlight, transitionDescriptions(graph))
  return sceneSvg(scene, `Diagram of ${graph.id}`, graph.description)
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The click starts the download; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export function downloadSvg(graph: FlowGraph, layout: DiagramLayout, theme: DiagramTheme) {
  save(new Blob([diagramSvg(graph, layout, theme)], { type: 'image/svg+xml' }), `${graph.id}.svg`)
}

export async function downloadPng(graph: FlowGraph, layout: DiagramLayout, theme: DiagramTheme) {
  const scale = 2
  const svg = new Blob([diagramSvg(graph, layout, theme)], { type: 'image/svg+xml' })
  const url = URL.createObjectURL(svg)
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = layout.width * scale
    canvas.height = layout.height * scale
    const context = canvas.getContext('2d')
    if (!context) throw new Error('This browser cannot draw the picture.')
    context.scale(scale, scale)
    context.drawImage(image, 0, 0, layout.width, layout.height)
    const png = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/png'))
    if (!png) throw new Error('This browser cannot draw the picture.')
    save(png, `${graph.id}.png`)
  } finally {
    URL.revokeObjectURL(url)
  }
}

export function downloadMachineJson(graph: FlowGraph) {
  save(
    new Blob([`${JSON.stringify(graph, null, 2)}\n`], { type: 'application/json' }),
    `${graph.id}.json`,
  )
}
