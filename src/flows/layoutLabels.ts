import type { FlowTransition } from './graph'
import { transitionText, type Rect, type TextLine } from './layoutBoxes'
import { lineHeight, textWidth, wrapText } from './layoutText'

const LABEL = 13
const LABEL_ACTIONS = 12
// Narrow: labels sit on their arrows, and several arrows run side by side between two layers.
const LABEL_WIDTH = 120
const ENTRY_GAP = 3

/** One transition in an arrow's label: its own button when the simulation can take it. */
export type LabelEntry = Rect & { key: string; lines: TextLine[] }

/**
 * An arrow's label: for each transition the arrow stands for, its trigger and guard, then its
 * actions smaller, wrapped to a narrow column.
 */
export function measureLabel(transitions: FlowTransition[]) {
  const entries = transitions.map((t) => {
    const { trigger, actions } = transitionText(t)
    const first = wrapText(trigger, LABEL, LABEL_WIDTH, Infinity, true)
    const second = actions ? wrapText(actions, LABEL_ACTIONS, LABEL_WIDTH) : []
    return {
      key: t.key,
      first,
      second,
      width: Math.max(
        ...first.map((l) => textWidth(l, LABEL, true)),
        ...second.map((l) => textWidth(l, LABEL_ACTIONS)),
      ),
      height: first.length * lineHeight(LABEL) + second.length * lineHeight(LABEL_ACTIONS) + 2,
    }
  })
  const width = Math.max(...entries.map((e) => e.width)) + 8
  const height = entries.reduce((h, e) => h + e.height + ENTRY_GAP, ENTRY_GAP)

  function place(box: Rect): LabelEntry[] {
    let y = box.y + ENTRY_GAP
    return entries.map((e) => {
      const entry: LabelEntry = {
        key: e.key,
        x: box.x,
        y,
        width: box.width,
        height: e.height,
        lines: [],
      }
      let at = y + 1
      for (const text of e.first) {
        at += lineHeight(LABEL)
        entry.lines.push({ text, x: box.x + 4, y: at - 3, size: LABEL, bold: true, tone: 'strong' })
      }
      for (const text of e.second) {
        at += lineHeight(LABEL_ACTIONS)
        entry.lines.push({ text, x: box.x + 4, y: at - 3, size: LABEL_ACTIONS, tone: 'muted' })
      }
      y += e.height + ENTRY_GAP
      return entry
    })
  }

  return { width: Math.ceil(width), height: Math.ceil(height), place }
}
