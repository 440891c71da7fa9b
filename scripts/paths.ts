// `npm run paths -- [machine…] [--format md|json|gherkin|csv] [--strategy shortest|simple]
// [--out DIR] [--coverage]`: the model-based test paths of the console's statecharts, as steps a
// person can follow (docs/flows.md). No browser and no server: the production machines run with
// their effects stubbed.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { catalog } from '../src/catalog'
import { FORMAT_EXTENSION, PATH_FORMATS, formatters, type PathFormat } from '../src/flows/format'
import { coverageOfMachine, descriptionsOf, loadMachine, pathsOf } from '../src/flows/machinePaths'
import type { Strategy } from '../src/flows/model'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: 'string', default: 'md' },
    strategy: { type: 'string', default: 'shortest' },
    out: { type: 'string' },
    coverage: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const usage = `Usage: npm run paths -- [machine…] [--format ${PATH_FORMATS.join('|')}] [--strategy shortest|simple] [--out DIR] [--coverage]
Machines: ${catalog.map((e) => e.id).join(', ')}`

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`)
  process.exit(2)
}

if (values.help) {
  console.log(usage)
  process.exit(0)
}
const format = values.format as PathFormat
if (!PATH_FORMATS.includes(format)) fail(`Unknown format "${values.format}".`)
const strategy = values.strategy as Strategy
if (strategy !== 'shortest' && strategy !== 'simple') fail(`Unknown strategy "${values.strategy}".`)
const unknown = positionals.filter((name) => !catalog.some((e) => e.id === name))
if (unknown.length) fail(`No machine named ${unknown.map((n) => `"${n}"`).join(', ')}.`)
const entries = positionals.length ? catalog.filter((e) => positionals.includes(e.id)) : catalog

const pad = (text: string | number, width: number) => String(text).padEnd(width)
const padLeft = (text: string | number, width: number) => String(text).padStart(width)

async function printCoverage() {
  const rows: string[][] = []
  const gaps: string[] = []
  let total = 0
  let taken = 0
  for (const entry of entries) {
    const loaded = await loadMachine(entry).catch((error: Error) => error)
    if (loaded instanceof Error) {
      rows.push([entry.id, '—', '—', '—', '—', '—'])
      gaps.push(loaded.message)
      continue
    }
    const coverage = coverageOfMachine(loaded)
    const described = descriptionsOf(loaded.graph)
    total += coverage.total
    taken += coverage.taken
    const percent = coverage.total ? (100 * coverage.taken) / coverage.total : 100
    rows.push([
      entry.id,
      String(described.states),
      String(coverage.total),
      String(coverage.taken),
      `${percent.toFixed(1)} %`,
      `${described.statesDescribed + described.transitionsDescribed}/${described.states + described.transitions}`,
    ])
    for (const key of coverage.missing) gaps.push(`${entry.id}: never taken: ${key}`)
    for (const r of coverage.refused)
      gaps.push(`${entry.id}: path ${r.path + 1} sends ${r.event}, which the machine does not take`)
    for (const d of described.undescribed) gaps.push(`${entry.id}: no description: ${d}`)
  }
  const head = ['Machine', 'States', 'Transitions', 'Taken', 'Coverage', 'Described']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? pad(c, widths[i]!) : padLeft(c, widths[i]!))).join('  ')
  console.log(line(head))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  rows.forEach((r) => console.log(line(r)))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  console.log(
    `${taken} of ${total} transitions taken (${((100 * taken) / (total || 1)).toFixed(1)} %).`,
  )
  if (gaps.length) {
    console.log(`\n${gaps.join('\n')}`)
    process.exitCode = 1
  }
}

async function printPaths() {
  const out = values.out ? resolve(values.out) : undefined
  if (out) mkdirSync(out, { recursive: true })
  for (const entry of entries) {
    const loaded = await loadMachine(entry).catch((error: Error) => error)
    if (loaded instanceof Error) {
      console.error(loaded.message)
      process.exitCode = 1
      continue
    }
    const { paths, strategy: used, fellBack } = pathsOf(loaded, strategy)
    if (fellBack) console.error(`${entry.id}: too many simple paths; printing its shortest paths.`)
    const text = formatters[format](
      { id: entry.id, description: loaded.graph.description, strategy: used },
      paths,
    )
    if (out) {
      const file = join(out, `${entry.id}.${FORMAT_EXTENSION[format]}`)
      writeFileSync(file, text)
      console.log(`${file}: ${paths.length} paths`)
    } else process.stdout.write(`${text}\n`)
  }
}

await (values.coverage ? printCoverage() : printPaths())
