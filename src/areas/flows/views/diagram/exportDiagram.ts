/**
 * Exports of a machine's diagram, for the Flows page's buttons and `npm run flows`:
 *
 * - `diagramSvg(graph, layout, theme, highlight?): string` — a standalone SVG document (xmlns,
 *   explicit colours, generic font families, its own background): it looks the same opened alone.
 * - `downloadSvg(graph, theme, layout?): Promise<void>` — saves that SVG as `<machine>.svg`.
 * - `downloadPng(graph, theme, layout?): Promise<void>` — draws it on a canvas at twice its size
 *   and saves `<machine>.png`.
 * - `downloadMachineJson(graph): void` — saves the machine's graph (states, transitions,
 *   descriptions: `machineGraph`'s output) as `<machine>.json`.
 *
 * `graph` is `machineGraph(machine)`; `theme` is 'light' or 'dark' (`useDiagramTheme()` in
 * FlowDiagram.tsx gives the page's); `layout` is a `layoutGraph` answer, and without one the
 * download lays the machine out as the page first shows it.
 */
import type { FlowGraph } from '../../../../flows/graph'
import { initiallyCollapsed, layoutGraph, type DiagramLayout } from '../../../../flows/layout'
import { PALETTES, type DiagramTheme } from './palette'
import { diagramScene } from './scene'
import type { Highlight } from './sceneShapes'
import { sceneSvg } from './svgDocument'

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
  // A picture has nothing to press: the collapse toggles stay on the page.
  const items = scene.items.filter((item) => item.role !== 'toggle')
  return sceneSvg({ ...scene, items }, `Diagram of ${graph.id}`, graph.description)
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

const laidOut = async (graph: FlowGraph, layout?: DiagramLayout) =>
  layout ?? layoutGraph(graph, { collapsed: initiallyCollapsed(graph) })

export async function downloadSvg(graph: FlowGraph, theme: DiagramTheme, layout?: DiagramLayout) {
  const svg = diagramSvg(graph, await laidOut(graph, layout), theme)
  save(new Blob([svg], { type: 'image/svg+xml' }), `${graph.id}.svg`)
}

export async function downloadPng(graph: FlowGraph, theme: DiagramTheme, given?: DiagramLayout) {
  const scale = 2
  const layout = await laidOut(graph, given)
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
