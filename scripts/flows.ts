// `npm run flows`: the console's statecharts offline (docs/flows-diagram.md, docs/flows-diff.md).
//   --out DIR [machine…] [--theme light|dark]   the diagram of each as a standalone SVG
//   --diff REV [--format text|md] [--fail-on removed] [machine…]
//                                               what changed in their behaviour since a revision
//   --release [--from REV]                      the baseline the Flows page's Changes compare with
//                                               (today's tree, or the revision that was released)
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { CatalogEntry } from '../src/flows/catalogEntry'
import { diffGraphs, diffMarkdown, diffText, hasRemovals } from '../src/flows/diff'
import type { FlowGraph } from '../src/flows/graph'
import { loadMachine } from '../src/flows/machinePaths'
import type { Release } from '../src/flows/release/release'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const RELEASE_FILE = join(ROOT, 'src/flows/release/graphs.json')

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    theme: { type: 'string', default: 'light' },
    diff: { type: 'string' },
    format: { type: 'string', default: 'text' },
    'fail-on': { type: 'string' },
    release: { type: 'boolean', default: false },
    from: { type: 'string' },
    // Internal: run in a copy of an older revision, writes its graphs to a file (see graphsAt).
    'graphs-of': { type: 'string' },
    'graphs-to': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const usage = `Usage:
  npm run flows -- --out DIR [machine…] [--theme light|dark]
  npm run flows -- --diff REV [--format text|md] [--fail-on removed] [machine…]
  npm run flows -- --release [--from REV]`

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`)
  process.exit(2)
}

type Loaded = { graphs: Record<string, FlowGraph>; skipped: string[] }

/** Every catalog machine's graph, computed with today's graph code; those that fail are named. */
async function graphsOf(entries: readonly CatalogEntry[]): Promise<Loaded> {
  const graphs: Record<string, FlowGraph> = {}
  const skipped: string[] = []
  for (const entry of entries) {
    try {
      graphs[entry.id] = (await loadMachine(entry)).graph
    } catch (error) {
      // A machine whose paths module cannot be loaded: the others are still worth having.
      const message = error instanceof Error ? error.message : String(error)
      skipped.push(message.startsWith(`${entry.id}:`) ? message : `${entry.id}: ${message}`)
    }
  }
  return { graphs, skipped }
}

const currentCatalog = async () => (await import('../src/catalog')).catalog

function checkNames(names: readonly string[], known: readonly string[]) {
  const unknown = names.filter((name) => !known.includes(name))
  if (unknown.length)
    fail(
      `No machine named ${unknown.map((n) => `"${n}"`).join(', ')}.\nMachines: ${known.join(', ')}`,
    )
}

async function writeDiagrams(dir: string) {
  const { layoutGraph } = await import('../src/flows/layout')
  const { diagramSvg } = await import('../src/areas/flows/views/diagram/exportDiagram')
  const theme = values.theme
  if (theme !== 'light' && theme !== 'dark') fail(`Unknown theme "${theme}".`)
  const catalog = await currentCatalog()
  checkNames(
    positionals,
    catalog.map((e) => e.id),
  )
  const entries = positionals.length ? catalog.filter((e) => positionals.includes(e.id)) : catalog
  const out = resolve(dir)
  mkdirSync(out, { recursive: true })
  const { graphs, skipped } = await graphsOf(entries)
  for (const graph of Object.values(graphs)) {
    const layout = await layoutGraph(graph, { collapsed: new Set() })
    const file = join(out, `${graph.id}.svg`)
    writeFileSync(file, `${diagramSvg(graph, layout, theme)}\n`)
    console.log(
      `${file}: ${graph.states.length} states, ${graph.transitions.length} transitions, ${layout.width}×${layout.height} px`,
    )
  }
  if (skipped.length) {
    console.error(`\nSkipped ${skipped.length} of ${entries.length}:\n${skipped.join('\n')}`)
    process.exitCode = 1
  }
}

/** Child mode: the catalog of the tree at `dir` (an older revision), its graphs to `to`. */
/** The graphs at a revision, or why there are none to compare with. */
type At = Loaded & { commit?: string; unavailable?: string }

// Where the catalog lived: src/flows/catalog.ts before it moved to src/catalog.ts.
const CATALOG_FILES = ['src/catalog.ts', 'src/flows/catalog.ts']

async function writeGraphsOf(dir: string, to: string) {
  const file = CATALOG_FILES.map((f) => join(dir, f)).find((f) => existsSync(f))
  const result: At = file
    ? await graphsOf(
        ((await import(pathToFileURL(file).href)) as { catalog: CatalogEntry[] }).catalog,
      )
    : { graphs: {}, skipped: [], unavailable: 'it has no catalog of statecharts (src/catalog.ts)' }
  writeFileSync(to, JSON.stringify(result))
}

/**
 * The graphs at a revision: its files from `git archive` in a temporary folder beside today's
 * node_modules, its catalog loaded by a child process (an old module may throw, print or hang
 * without harming this one). Nothing in the checkout changes.
 */
function graphsAt(rev: string): At {
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--verify', `${rev}^{commit}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim()
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-flows-'))
  try {
    const archive = spawnSync('git', ['-C', ROOT, 'archive', '--format=tar', commit], {
      maxBuffer: 1 << 30,
    })
    if (archive.status !== 0) throw new Error(archive.stderr.toString().trim())
    execFileSync('tar', ['-x', '-C', dir], { input: archive.stdout })
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
    const to = join(dir, '.flows-graphs.json')
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/flows.ts'), '--graphs-of', dir, '--graphs-to', to],
      { cwd: dir, encoding: 'utf8', timeout: 10 * 60_000 },
    )
    if (!existsSync(to)) {
      const why = (child.stderr || child.error?.message || '').trim().split('\n').slice(-5)
      return { graphs: {}, skipped: [], unavailable: `its catalog fails to load: ${why.join(' ')}` }
    }
    return { ...(JSON.parse(readFileSync(to, 'utf8')) as At), commit }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function printDiff(rev: string) {
  const format = values.format
  if (format !== 'text' && format !== 'md') fail(`Unknown format "${format}": text or md.`)
  const failOn = values['fail-on']
  if (failOn !== undefined && failOn !== 'removed')
    fail(`--fail-on takes "removed", not "${failOn}".`)
  let before: At
  try {
    before = graphsAt(rev)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    before = { graphs: {}, skipped: [], unavailable: message.split('\n')[0] }
  }
  // Exit status 0 all the same: a diff that cannot be made is reported, not a failed check.
  if (before.unavailable) {
    console.log(`Nothing to compare with at ${rev}: ${before.unavailable}.`)
    return
  }
  const catalog = await currentCatalog()
  const known = [...new Set([...catalog.map((e) => e.id), ...Object.keys(before.graphs)])]
  checkNames(positionals, known)
  const now = await graphsOf(
    positionals.length ? catalog.filter((e) => positionals.includes(e.id)) : catalog,
  )
  // A machine that failed to load on one side is not "added" or "removed": leave it out of both.
  const failed = (skipped: string[]) => skipped.map((s) => s.split(':')[0]!)
  const unreadable = new Set([...failed(before.skipped), ...failed(now.skipped)])
  const keep = (graphs: Record<string, FlowGraph>) =>
    Object.fromEntries(Object.entries(graphs).filter(([id]) => !unreadable.has(id)))
  const diffs = diffGraphs(keep(before.graphs), keep(now.graphs), positionals)
  const short = before.commit!.slice(0, 7)
  const since = before.commit!.startsWith(rev) ? short : `${rev} (${short})`
  console.log(format === 'md' ? diffMarkdown(diffs, since) : diffText(diffs, since))
  const notes = [
    ...before.skipped.map((s) => `Not compared, unreadable at ${rev}: ${s}`),
    ...now.skipped.map((s) => `Not compared, unreadable today: ${s}`),
  ]
  if (notes.length) console.error(`\n${notes.join('\n')}`)
  if (failOn === 'removed' && hasRemovals(diffs)) process.exitCode = 1
}

async function writeRelease(from: string | undefined) {
  let graphs: Record<string, FlowGraph>
  let skipped: string[]
  let version: string
  if (from) {
    // The release as it was tagged or landed: its statecharts read at that revision.
    const at = graphsAt(from)
    if (at.unavailable) fail(`Nothing to release at ${from}: ${at.unavailable}.`)
    ;({ graphs, skipped } = at)
    version = at.commit!.slice(0, 7)
  } else {
    ;({ graphs, skipped } = await graphsOf(await currentCatalog()))
    ;({ version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string
    })
  }
  const release: Release = { version, graphs }
  // One machine a line: small to load, and a release's diff in git names the machines it touches.
  const lines = Object.entries(release.graphs).map(
    ([id, graph]) => `  ${JSON.stringify(id)}: ${JSON.stringify(graph)}`,
  )
  writeFileSync(
    RELEASE_FILE,
    `{\n "version": ${JSON.stringify(version)},\n "graphs": {\n${lines.join(',\n')}\n }\n}\n`,
  )
  console.log(
    `${RELEASE_FILE}: version ${version}, ${Object.keys(graphs).length} machines. Commit it with the release.`,
  )
  if (skipped.length) {
    console.error(`\nLeft out, unreadable:\n${skipped.join('\n')}`)
    process.exitCode = 1
  }
}

if (values.help) console.log(usage)
else if (values['graphs-of']) await writeGraphsOf(values['graphs-of'], values['graphs-to']!)
else if (values.release) await writeRelease(values.from)
else if (values.diff) await printDiff(values.diff)
else if (values.out) await writeDiagrams(values.out)
else fail('What should it do? Give --out DIR, --diff REV or --release.')
