import type { TextLine } from '../../../../flows/layout'
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
  | { tag: 'path'; d: string; stroke?: string; strokeWidth?: number; fill?: string; dash?: string }
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
      /** A rim in the background colour: an arrow passing behind the text leaves it readable. */
      halo?: string
    }

/** One thing a person can point at: a state, an arrow, its label, a row, a collapse toggle. */
export type SceneItem = {
  id: string
  role: 'state' | 'header' | 'initial' | 'edge' | 'labelBox' | 'label' | 'row' | 'toggle'
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

export const round = (n: number) => Math.round(n * 10) / 10

export function text(line: TextLine, fill: string, halo?: string): Shape {
  return {
    ...(halo ? { halo } : {}),
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

export const toneOf = (p: Palette, tone: TextLine['tone']) =>
  tone === 'strong' ? p.strong : tone === 'muted' ? p.muted : p.normal
