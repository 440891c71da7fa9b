import type { Change } from '../../../../flows/diff'
import type { DiagramTheme } from '../diagram/palette'

/** How one kind of change is drawn: the line, and a tag's fill and text. */
export type ChangeTone = {
  line: string
  tagFill: string
  tagText: string
  sign: string
  dash?: string
}

/**
 * Added green, removed red, changed violet (Radix green, red and violet steps), each with a sign
 * and a line style of its own so that colour is never the only cue: + solid, − dashed, ~ dotted.
 * Lines keep 4.5:1 on the diagram's background and boxes; a tag's text 4.5:1 on its fill.
 */
export const CHANGE_TONES: Record<DiagramTheme, Record<Change, ChangeTone>> = {
  light: {
    added: { line: '#218358', tagFill: '#e6f6eb', tagText: '#193b2d', sign: '+' },
    removed: { line: '#ce2c31', tagFill: '#feebec', tagText: '#641723', sign: '−', dash: '6 3' },
    changed: { line: '#6550b9', tagFill: '#f4f0fe', tagText: '#2f265f', sign: '~', dash: '2 2' },
  },
  dark: {
    added: { line: '#3dd68c', tagFill: '#113b29', tagText: '#b1f1cb', sign: '+' },
    removed: { line: '#ff9592', tagFill: '#3b1219', tagText: '#ffd1d9', sign: '−', dash: '6 3' },
    changed: { line: '#baa7ff', tagFill: '#291f43', tagText: '#e2ddfe', sign: '~', dash: '2 2' },
  },
}

export const CHANGE_WORDS: Record<Change, string> = {
  added: 'added',
  removed: 'removed',
  changed: 'changed',
}
