import type { FlowState, FlowTransition } from './graph'
import { transitionLabel } from './graph'
import { lineHeight, textWidth, wrapText } from './layoutText'

export type Point = { x: number; y: number }
export type Rect = { x: number; y: number; width: number; height: number }

/** One line of text; `y` is its baseline. `tone` picks the colour: the renderer owns the palette. */
export type TextLine = {
  text: string
  x: number
  y: number
  size: number
  bold?: boolean
  italic?: boolean
  tone: 'strong' | 'normal' | 'muted'
}

/** A transition that keeps its state (no target, or its own state re-entered), listed in the box. */
export type DiagramRow = Rect & { key: string; lines: TextLine[] }

export type BoxContent = {
  lines: TextLine[]
  chips: (Rect & { text: string; size: number })[]
  rows: DiagramRow[]
  /** Where the line between the state's own lines and its rows runs. */
  divider?: number
  toggle?: Rect
}

const PAD = 8
// Sizes chosen so the largest machines still read at fit-to-width on a 1280 px page (about 0.7×).
const TITLE = 15
const SMALL = 13
const CHIP = 11
const CHIP_HEIGHT = 17
const TOGGLE = 16
const MIN_WIDTH = 120
/**
 * Widths per kind of box: a state's box stays narrow (several sit side by side in a layer); a
 * compound state's header and the machine's are as wide as their children anyway.
 */
const WIDTHS = {
  root: { max: 380, description: 340, lines: 3 },
  open: { max: 280, description: 220, lines: 3 },
  box: { max: 210, description: 140, lines: 4 },
}
/** Room a final state's inner border takes. */
const FINAL_INSET = 3

/** A transition as the diagram writes it: its trigger and guard, then its actions after a slash. */
export function transitionText(t: FlowTransition): { trigger: string; actions?: string } {
  const actions = t.actions.filter((a) => a !== 'inline action')
  return {
    trigger: transitionLabel(t),
    ...(actions.length ? { actions: `/ ${actions.join(', ')}` } : {}),
  }
}

/** A transition listed in its state's box, and where it goes when that is inside the box. */
export type BoxRow = { t: FlowTransition; reenters?: boolean; to?: string[] }

function rowText({ t, reenters, to }: BoxRow): string {
  const { trigger, actions } = transitionText(t)
  const target = to?.length ? ` → ${to.join(', ')}` : ''
  return `${reenters ? '↻ ' : ''}${trigger}${target}${actions ? ` ${actions}` : ''}`
}

export type BoxInput = {
  state: FlowState
  /** Transitions listed inside the box rather than drawn as arrows. */
  rows: BoxRow[]
  collapsible: boolean
  collapsed: boolean
  /** For a collapsed state: what it hides. */
  hidden?: { states: number; transitions: number }
  descriptions: boolean
  /** The root box is titled with the machine's id. */
  title: string
}

/**
 * A state's box without its position: its smallest size (for a compound state, the header ELK
 * keeps free above its children) and a function that places its text once the layout has put it
 * somewhere. Wrapping is settled here, so the height never depends on the final width.
 */
export function measureBox(input: BoxInput) {
  const { state, collapsible } = input
  const widths =
    WIDTHS[!state.parent ? 'root' : state.children.length && !input.collapsed ? 'open' : 'box']
  const inset = state.type === 'final' ? FINAL_INSET : 0
  const pad = PAD + inset
  const toggleRoom = collapsible ? TOGGLE + 6 : 0
  const titleWidth = textWidth(input.title, TITLE, true) + toggleRoom
  const plain: { text: string; size: number; italic?: boolean; tone: TextLine['tone'] }[] = []
  for (const i of state.invokes)
    plain.push({
      text: i.id === i.src ? `invokes ${i.src}` : `invokes ${i.src} as ${i.id}`,
      size: SMALL,
      italic: true,
      tone: 'normal',
    })
  if (state.entry.length)
    plain.push({ text: `entry / ${state.entry.join(', ')}`, size: SMALL, tone: 'normal' })
  if (state.exit.length)
    plain.push({ text: `exit / ${state.exit.join(', ')}`, size: SMALL, tone: 'normal' })
  if (input.hidden)
    plain.push({
      text: `${input.hidden.states} states, ${input.hidden.transitions} transitions inside`,
      size: SMALL,
      italic: true,
      tone: 'muted',
    })
  const chipWidths = state.tags.map((t) => textWidth(t, CHIP) + 10)
  const chipsWidth = chipWidths.reduce((a, w) => a + w + 4, -4)
  const rowTexts = input.rows.map(rowText)
  const natural = Math.max(
    titleWidth,
    chipsWidth,
    ...plain.map((p) => textWidth(p.text, p.size)),
    ...rowTexts.map((r) => textWidth(r, SMALL) + 8),
    state.description && input.descriptions ? widths.description : 0,
  )
  const inner = Math.min(widths.max, Math.max(MIN_WIDTH - 2 * pad, natural))
  const plainLines = plain.flatMap((p) =>
    wrapText(p.text, p.size, inner).map((text) => ({ ...p, text })),
  )
  const description =
    state.description && input.descriptions
      ? wrapText(state.description, SMALL, inner, widths.lines)
      : []
  const rowLines = rowTexts.map((r) => wrapText(r, SMALL, inner - 8))

  let y = pad + TITLE
  const afterTitle = y
  y += state.tags.length ? CHIP_HEIGHT + 4 : 0
  const plainAt = y
  y += plainLines.reduce((h, p) => h + lineHeight(p.size), 0)
  const descriptionAt = y
  y += description.length * lineHeight(SMALL)
  const rowsAt = y + (rowLines.length ? 8 : 0)
  y = rowsAt + rowLines.reduce((h, l) => h + l.length * lineHeight(SMALL) + 4, 0)
  const height = y + pad - 2

  function place(box: Rect): BoxContent {
    const left = box.x + pad
    const lines: TextLine[] = [
      {
        text: input.title,
        x: left,
        y: box.y + afterTitle - 1,
        size: TITLE,
        bold: true,
        tone: 'strong',
      },
    ]
    const chips: BoxContent['chips'] = []
    let x = left
    state.tags.forEach((text, i) => {
      chips.push({
        text,
        size: CHIP,
        x,
        y: box.y + afterTitle + 4,
        width: chipWidths[i]!,
        height: CHIP_HEIGHT,
      })
      x += chipWidths[i]! + 4
    })
    let at = box.y + plainAt
    for (const p of plainLines) {
      at += lineHeight(p.size)
      lines.push({ ...p, x: left, y: at - 3 })
    }
    at = box.y + descriptionAt
    for (const text of description) {
      at += lineHeight(SMALL)
      lines.push({ text, x: left, y: at - 3, size: SMALL, tone: 'muted' })
    }
    const rows: DiagramRow[] = []
    at = box.y + rowsAt
    rowLines.forEach((texts, i) => {
      const height = texts.length * lineHeight(SMALL) + 4
      rows.push({
        key: input.rows[i]!.t.key,
        x: left - 4,
        y: at,
        width: box.width - 2 * pad + 8,
        height,
        lines: texts.map((text, j) => ({
          text,
          x: left + (j ? 10 : 0),
          y: at + 2 + (j + 1) * lineHeight(SMALL) - 3,
          size: SMALL,
          tone: 'normal',
        })),
      })
      at += height
    })
    return {
      lines,
      chips,
      rows,
      ...(rowLines.length ? { divider: box.y + rowsAt - 4 } : {}),
      ...(collapsible
        ? {
            toggle: {
              x: box.x + box.width - pad - TOGGLE,
              y: box.y + pad - 2,
              width: TOGGLE,
              height: TOGGLE,
            },
          }
        : {}),
    }
  }

  return { width: Math.ceil(inner + 2 * pad), height: Math.ceil(height), place }
}
