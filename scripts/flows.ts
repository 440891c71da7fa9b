// `npm run flows -- --out DIR [machine…] [--theme light|dark]`: the diagram of every console
// statechart as a standalone SVG, for docs (docs/flows-diagram.md). Offline: the same layout and
// drawing as the Flows page, run in Node.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { catalog } from '../src/catalog'
import { layoutGraph } from '../src/flows/layout'
import { loadMachine } from '../src/flows/machinePaths'
import { diagramSvg } from '../src/areas/flows/views/diagram/exportDiagram'
import type { DiagramTheme } from '../src/areas/flows/views/diagram/palette'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    theme: { type: 'string', default: 'light' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const usage = `Usage: npm run flows -- --out DIR [machine…] [--theme light|dark]
Machines: ${catalog.map((e) => e.id).join(', ')}`

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`)
  process.exit(2)
}

if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (!values.out) fail('Where should the diagrams go? Give --out DIR.')
const theme = values.theme as DiagramTheme
if (theme !== 'light' && theme !== 'dark') fail(`Unknown theme "${values.theme}".`)
const unknown = positionals.filter((name) => !catalog.some((e) => e.id === name))
if (unknown.length) fail(`No machine named ${unknown.map((n) => `"${n}"`).join(', ')}.`)
const entries = positionals.length ? catalog.filter((e) => positionals.includes(e.id)) : catalog

const out = resolve(values.out)
mkdirSync(out, { recursive: true })
const skipped: string[] = []
for (const entry of entries) {
  let loaded
  try {
    loaded = await loadMachine(entry)
  } catch (error) {
    // A machine whose paths module cannot be loaded yet: the others are still worth writing.
    const message = error instanceof Error ? error.message : String(error)
    skipped.push(message.startsWith(`${entry.id}:`) ? message : `${entry.id}: ${message}`)
    continue
  }
  const { graph } = loaded
  const layout = await layoutGraph(graph, { collapsed: new Set() })
  const file = join(out, `${entry.id}.svg`)
  writeFileSync(file, `${diagramSvg(graph, layout, theme)}\n`)
  console.log(
    `${file}: ${graph.states.length} states, ${graph.transitions.length} transitions, ${layout.width}×${layout.height} px`,
  )
}
if (skipped.length) {
  console.error(`\nSkipped ${skipped.length} of ${entries.length}:\n${skipped.join('\n')}`)
  process.exitCode = 1
}
