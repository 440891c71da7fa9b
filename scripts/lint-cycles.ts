/**
 * Import cycles, type-only imports and lazy `import()` included (docs/architecture.md, "Import
 * cycles"). ESLint's import-x/no-cycle skips `import type` by design, yet a type-only cycle still
 * ties two modules' designs together, so `npm run lint` runs this after ESLint. It reads each
 * module's imports with TypeScript's own pre-processor and finds the strongly connected components
 * (Tarjan); every component of two or more modules, or a module that imports itself, is a cycle.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx|mts)$/
const RESOLVE = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx']
const SKIP = new Set(['node_modules', 'dist', 'migrations'])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (SKIP.has(name)) return []
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined
  const base = resolve(dirname(from), spec)
  for (const ending of RESOLVE) {
    const path = base + ending
    if (existsSync(path) && statSync(path).isFile()) return path
  }
  return undefined
}

/** Each module's imports of modules under the same roots: static, type-only, re-exports and lazy. */
export function importGraph(roots: readonly string[]): Map<string, string[]> {
  const files = roots.flatMap((root) => sourceFiles(resolve(root)))
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = info.importedFiles
      .map((imported) => resolveImport(file, imported.fileName))
      .filter((path): path is string => path !== undefined && known.has(path))
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The cycles of a graph: its strongly connected components of two or more, and self-imports. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) {
      cycles.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const roots = process.argv.slice(2)
  const cycles = findCycles(
    importGraph(roots.length ? roots : ['src', 'schema', 'server', 'scripts']),
  )
  for (const cycle of cycles) {
    console.error(
      `Import cycle (type-only and lazy imports count):\n  ${cycle.map((file) => relative(process.cwd(), file)).join('\n  ')}`,
    )
  }
  if (cycles.length) process.exit(1)
  console.log('No import cycles (type-only and lazy imports counted).')
}
