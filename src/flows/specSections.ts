/**
 * A numbered part of SPEC.md. Chapters are its `## N. Title` headings (§N); their parts are
 * numbered in document order (§N.k, and §N.k.j below a part): the `###` headings of a chapter
 * that has them, otherwise each paragraph, top-level list item and table row (docs/flows-requirements.md).
 */
export type SpecSection = {
  /** '§4.17.2' */
  id: string
  title: string
  /** The enclosing section's id, for every part below a chapter. */
  parent?: string
}

const MAX_TITLE = 80

// Where the first `stop` character outside parentheses sits (-1 if none).
function indexOutsideParens(text: string, stop: (text: string, i: number) => boolean): number {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '(') depth++
    else if (c === ')') depth = Math.max(0, depth - 1)
    else if (depth === 0 && stop(text, i)) return i
  }
  return -1
}

// A sentence ends at a semicolon, or at a full stop before a space or the end.
const sentenceEnd = (t: string, i: number) =>
  t[i] === ';' || (t[i] === '.' && (i === t.length - 1 || t[i + 1] === ' '))

/** A part's title: its words up to the first colon, else up to the first sentence's end. */
export function sectionTitle(text: string): string {
  const colon = indexOutsideParens(text, (t, i) => t[i] === ':')
  const end = colon > 0 && colon <= MAX_TITLE ? colon : indexOutsideParens(text, sentenceEnd)
  const title = text.slice(0, end < 0 ? text.length : end).trim()
  if (title.length <= MAX_TITLE) return title
  const cut = title.lastIndexOf(' ', MAX_TITLE - 1)
  return `${title.slice(0, cut > 0 ? cut : MAX_TITLE - 1).replace(/[,;:]$/, '')}…`
}

const CHAPTER = /^## (\d+)\.\s+(.+?)\s*$/
const HEADING = /^### (.+?)\s*$/
const ITEM = /^- (.+)$/
const NESTED_ITEM = /^\s{2,}- (.+)$/
const TABLE_ROW = /^\|(.+)\|\s*$/
const TABLE_RULE = /^\|[\s:|-]+\|\s*$/

/** Every numbered section of SPEC.md's text, in document order (chapters and their parts). */
export function parseSpecSections(markdown: string): SpecSection[] {
  const lines = markdown.split(/\r?\n/)
  const sections: SpecSection[] = []
  let index = 0
  while (index < lines.length) {
    const chapter = CHAPTER.exec(lines[index]!)
    index++
    if (!chapter) continue
    const id = `§${chapter[1]}`
    sections.push({ id, title: chapter[2]! })
    const body: string[] = []
    while (index < lines.length && !lines[index]!.startsWith('## ')) body.push(lines[index++]!)
    sections.push(...chapterParts(id, body))
  }
  return sections
}

function chapterParts(chapter: string, body: string[]): SpecSection[] {
  const parts: SpecSection[] = []
  const add = (parent: string, count: number, title: string) => {
    const section = { id: `${parent}.${count}`, title, parent }
    parts.push(section)
    return section
  }
  if (body.some((line) => HEADING.test(line))) {
    let count = 0
    for (const line of body) {
      const heading = HEADING.exec(line)
      if (heading) add(chapter, ++count, heading[1]!)
    }
    return parts
  }
  let count = 0
  // The part whose nested items are being numbered (a list item, or a paragraph ending in ':').
  let owner: { id: string; children: number; ownsItems: boolean } | undefined
  let inTable = false
  let inParagraph = false
  for (const line of body) {
    if (!line.trim()) {
      inParagraph = false
      inTable = false
      continue
    }
    const nested = NESTED_ITEM.exec(line)
    const item = ITEM.exec(line)
    if (nested) {
      if (owner) add(owner.id, ++owner.children, sectionTitle(nested[1]!))
    } else if (item) {
      if (owner?.ownsItems) add(owner.id, ++owner.children, sectionTitle(item[1]!))
      else
        owner = {
          id: add(chapter, ++count, sectionTitle(item[1]!)).id,
          children: 0,
          ownsItems: false,
        }
    } else if (TABLE_ROW.test(line)) {
      owner = undefined
      // The first row of a table is its header.
      if (!inTable) inTable = true
      else if (!TABLE_RULE.test(line)) {
        const firstCell = line.split('|')[1]!.trim()
        add(chapter, ++count, firstCell)
      }
    } else if (!inParagraph) {
      inParagraph = true
      const text = line.trim()
      const section = add(chapter, ++count, sectionTitle(text))
      owner = { id: section.id, children: 0, ownsItems: text.endsWith(':') }
    }
  }
  return parts
}
