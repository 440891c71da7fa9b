import { execFileSync } from 'node:child_process'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ReadablePath } from '../../../src/flows/model'

// Every catalog machine's paths (`npm run paths -- --format json`), read for what a person would
// trip over: template placeholders, code names, titles that say nothing. The shortest paths, as
// the Flows page shows them: QA's cover is a subset of them.
type Document = { machines: { machine: { id: string }; paths: ReadablePath[] }[] }
let document: Document

beforeAll(() => {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/paths.ts', '--format', 'json', '--strategy', 'shortest'],
    { cwd: new URL('../../../', import.meta.url), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  )
  document = JSON.parse(out) as Document
}, 180_000)

/** Every text a person reads, with where it is. */
function* texts(): Generator<[where: string, text: string]> {
  for (const { machine, paths } of document.machines)
    for (const path of paths) {
      yield [`${machine.id} ${path.id} title`, path.title]
      yield [
        `${machine.id} ${path.id} start`,
        `${path.start.checkpoint} ${path.start.screen ?? ''}`,
      ]
      for (const step of path.steps)
        yield [
          `${machine.id} ${path.id} step ${step.index}`,
          `${step.action} ${step.checkpoint} ${step.screen ?? ''}`,
        ]
    }
}

// The Flows page's own screens name machines and states: that is what they show.
const SHOWS_CODE = new Set(['flowsList', 'flowsChart'])
// Words the product itself shows: the sync's loading screen names its tables ('attributeKeys').
const PRODUCT_WORDS = new Set(['attributeKeys', 'iOS'])

describe('the paths of every catalog machine', () => {
  it('has no template placeholder left in what a person reads', () => {
    const found = [...texts()].filter(([, text]) => /\{[a-zA-Z]+\}/.test(text))
    expect(found.map(([where, text]) => `${where}: ${text}`)).toEqual([])
  })

  it('has no code name (camelCase or NewId_) outside quoted values', () => {
    const found: string[] = []
    for (const [where, text] of texts()) {
      if (SHOWS_CODE.has(where.split(' ')[0]!)) continue
      const unquoted = text.replace(/“[^”]*”|`[^`]*`/g, '')
      for (const word of unquoted.match(/\b[a-z]+[A-Z][A-Za-z]*\b|\b\w+_(?=\W|$)/g) ?? [])
        if (!PRODUCT_WORDS.has(word)) found.push(`${where}: ${word}`)
    }
    expect(found).toEqual([])
  })

  it('titles say what happens, with the number of steps in the singular for one', () => {
    for (const { paths } of document.machines)
      for (const path of paths) {
        const n = path.steps.length
        expect(path.title).not.toMatch(/^Reaches |\b1 steps\b/)
        if (n > 0)
          expect(path.title).toMatch(new RegExp(`\\(${n} ${n === 1 ? 'step' : 'steps'}\\)$`))
      }
  })
})
