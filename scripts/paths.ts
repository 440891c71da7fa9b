// `npm run paths -- [machine…] [--format md|json|gherkin|csv] [--strategy cover|shortest|simple]
// [--out DIR] [--coverage] [--schema]`: the model-based test paths of the console's statecharts,
// as steps a person can follow (docs/flows.md). No browser and no server: the production machines
// run with their effects stubbed.
import { globSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { catalog } from '../src/catalog'
import {
  FORMAT_EXTENSION,
  PATH_FORMATS,
  formatters,
  toJsonDocument,
  type MachinePathsDocument,
  type PathFormat,
} from '../src/flows/format'
import {
  coverageOfMachine,
  descriptionsOf,
  loadMachine,
  pathsOf,
  type LoadedMachine,
} from '../src/flows/machinePaths'
import { STRATEGIES, type Strategy } from '../src/flows/model'
import { pathsSchemaJson } from '../src/flows/pathsSchema'
import type { ScreenScript } from '../src/flows/playwright/screenScript'
import { writePlaywrightSpecs } from '../src/flows/playwright/writeSpecs'
import {
  requirementJson,
  requirementMap,
  requirementTable,
  type TracedMachine,
} from '../src/flows/requirements'
import { parseSpecSections } from '../src/flows/specSections'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: 'string', default: 'md' },
    strategy: { type: 'string', default: 'cover' },
    out: { type: 'string' },
    coverage: { type: 'boolean', default: false },
    by: { type: 'string', default: 'machine' },
    spec: { type: 'string' },
    schema: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const usage = `Usage: npm run paths -- [machine…] [--format ${PATH_FORMATS.join('|')}|playwright] [--strategy ${STRATEGIES.join('|')}] [--out DIR] [--coverage [--by machine|requirement] [--spec SPEC.md]] [--schema]
Machines: ${catalog.map((e) => e.id).join(', ')}`

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`)
  process.exit(2)
}

if (values.help) {
  console.log(usage)
  process.exit(0)
}
// The JSON Schema of --format json (docs/flows-paths.schema.json is this output).
if (values.schema) {
  process.stdout.write(pathsSchemaJson())
  process.exit(0)
}
const format = values.format as PathFormat
// playwright writes runnable specs (src/flows/playwright, docs/flows-playwright.md), not a listing.
const playwright = values.format === 'playwright'
if (!PATH_FORMATS.includes(format) && !playwright) fail(`Unknown format "${values.format}".`)
const strategy = values.strategy as Strategy
if (!STRATEGIES.includes(strategy)) fail(`Unknown strategy "${values.strategy}".`)
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

/** The machines asked for, loaded; one that cannot be loaded is named on stderr (exit status 1). */
async function loadEach(): Promise<LoadedMachine[]> {
  const loaded: LoadedMachine[] = []
  for (const entry of entries) {
    const machine = await loadMachine(entry).catch((error: Error) => error)
    if (machine instanceof Error) {
      console.error(machine.message)
      process.exitCode = 1
    } else loaded.push(machine)
  }
  return loaded
}

async function printPaths() {
  const out = values.out ? resolve(values.out) : undefined
  if (out) mkdirSync(out, { recursive: true })
  // JSON on stdout is one document for every machine asked for, so JSON.parse takes it whole.
  const documents: MachinePathsDocument[] = []
  for (const loaded of await loadEach()) {
    const { entry } = loaded
    const { paths, strategy: used, fellBack } = pathsOf(loaded, strategy)
    if (fellBack) console.error(`${entry.id}: too many simple paths; printing its shortest paths.`)
    const heading = { id: entry.id, description: loaded.graph.description, strategy: used }
    if (format === 'json' && !out) {
      documents.push({ machine: heading, paths })
      continue
    }
    const text = formatters[format](heading, paths)
    if (out) {
      const file = join(out, `${entry.id}.${FORMAT_EXTENSION[format]}`)
      writeFileSync(file, text)
      console.log(`${file}: ${paths.length} paths`)
    } else process.stdout.write(`${text}\n`)
  }
  if (format === 'json' && !out) process.stdout.write(toJsonDocument(documents))
}

// `--coverage --by requirement`: which statecharts implement each section of SPEC.md §2, §4 and §5
// (docs/flows-requirements.md). SPEC.md sits beside the checkout (../shared), or where --spec says.
async function printRequirements() {
  const specFile = resolve(
    values.spec ?? join(import.meta.dirname, '..', '..', 'shared', 'SPEC.md'),
  )
  const sections = parseSpecSections(readFileSync(specFile, 'utf8'))
  const machines: TracedMachine[] = []
  for (const loaded of await loadEach()) {
    machines.push({ graph: loaded.graph, paths: pathsOf(loaded, strategy).paths })
  }
  const map = requirementMap(sections, machines)
  process.stdout.write(format === 'json' ? requirementJson(map) : `${requirementTable(map)}\n`)
  if (map.unknown.length) process.exitCode = 1
}

/** Playwright specs of the machines a person can drive on a real Gatehouse, into --out. */
async function writePlaywright() {
  if (!values.out) fail('--format playwright needs --out DIR.')
  const out = resolve(values.out)
  mkdirSync(out, { recursive: true })
  const root = resolve(import.meta.dirname, '..')
  // The screen script lives beside the machine's paths module (src/areas/<area>/paths/).
  const loadScript = async (id: string) => {
    const [file] = globSync(`src/**/paths/${id}.screen.ts`, { cwd: root })
    return file ? ((await import(join(root, file))) as { script: ScreenScript }).script : undefined
  }
  await writePlaywrightSpecs(entries, strategy, loadScript, {
    write: (file, text) => writeFileSync(join(out, file), text),
    log: (line) => console.log(join(out, line)),
    warn: (line) => console.error(line),
    format: async (code) =>
      (await import('prettier')).format(code, {
        parser: 'typescript',
        semi: false,
        singleQuote: true,
        printWidth: 100,
        trailingComma: 'all',
      }),
  })
}

if (values.by !== 'machine' && values.by !== 'requirement') fail(`Unknown --by "${values.by}".`)
if (values.by === 'requirement' && !values.coverage) fail('--by requirement goes with --coverage.')
await (values.coverage
  ? values.by === 'requirement'
    ? printRequirements()
    : printCoverage()
  : playwright
    ? writePlaywright()
    : printPaths())
