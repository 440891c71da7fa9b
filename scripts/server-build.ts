// The server as `npm start`, the container and the benchmarks run it: one ES module bundled by
// esbuild from server/main.ts, its packages left to node_modules (docs/server-performance.md,
// "Running from a bundle"). Tests and `npm run dev` still run the TypeScript through tsx.
import { buildSync } from 'esbuild'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const outDir = join(root, 'dist/server')
/** Two folders below the root, like server/db and server/plugins, so the server's paths hold. */
export const SERVER_BUNDLE = join(outDir, 'main.mjs')
/** The files of the last build, for the staleness check. */
const inputsFile = join(outDir, 'inputs.json')
const extraInputs = ['package-lock.json', 'scripts/server-build.ts']

/** True when the bundle is missing or older than any file it was built from. */
export function serverIsStale(): boolean {
  if (!existsSync(SERVER_BUNDLE) || !existsSync(inputsFile)) return true
  const built = statSync(SERVER_BUNDLE).mtimeMs
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as string[]
  return [...inputs, ...extraInputs].some((input) => {
    const file = join(root, input)
    return !existsSync(file) || statSync(file).mtimeMs > built
  })
}

/** Bundles the server unless the last bundle is newer than every file in it. */
export function ensureServerBuilt(log: (line: string) => void = console.log): string {
  if (!serverIsStale()) return SERVER_BUNDLE
  log('Bundling the server (first start or sources changed)…')
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    banner: { js: '// Built by scripts/server-build.ts from server/main.ts; do not edit.' },
  })
  writeFileSync(inputsFile, JSON.stringify(Object.keys(result.metafile.inputs).sort(), null, 1))
  return SERVER_BUNDLE
}

// `node scripts/server-build.ts` (npm run build, the container's build stage).
if (import.meta.main) ensureServerBuilt()
