/**
 * Text sizes for the diagram's layout. The layout runs in Node too (`npm run flows`), where there is
 * no canvas to measure with, so widths come from Helvetica's metrics: the diagram names Helvetica,
 * Arial and Liberation Sans first (same widths), and a little slack covers a wider fallback.
 */
export const DIAGRAM_FONT = "Helvetica, Arial, 'Liberation Sans', sans-serif"

// Helvetica's advance widths (1/1000 em) for ASCII 32–126, from its AFM.
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]
const SLACK = 1.06
const BOLD = 1.09

/** The width of one line of text in px. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    units += code >= 32 && code <= 126 ? WIDTHS[code - 32]! : 1000
  }
  return (units / 1000) * size * SLACK * (bold ? BOLD : 1)
}

/** Line height for a font size: room for descenders and a little air. */
export const lineHeight = (size: number) => Math.round(size * 1.35)

/**
 * Words to lines no wider than `width`; a word too long for a line gets a line of its own (names
 * such as `ready.action.conditionalDialog` are never broken). Past `maxLines` the last line ends
 * with an ellipsis.
 */
export function wrapText(
  text: string,
  size: number,
  width: number,
  maxLines = Infinity,
  bold = false,
): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (line && textWidth(next, size, bold) > width) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  let last = kept[maxLines - 1]!
  while (last.includes(' ') && textWidth(`${last}…`, size, bold) > width)
    last = last.slice(0, last.lastIndexOf(' '))
  kept[maxLines - 1] = `${last}…`
  return kept
}
