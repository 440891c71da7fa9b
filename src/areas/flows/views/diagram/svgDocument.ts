import { DIAGRAM_FONT } from '../../../../flows/layoutText'
import type { Scene, Shape } from './sceneShapes'

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
        ...(shape.halo
          ? {
              stroke: shape.halo,
              'stroke-width': 4,
              'stroke-linejoin': 'round',
              'paint-order': 'stroke',
            }
          : {}),
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
