import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const outDir = join(root, 'dist/console')
const stamp = join(outDir, '.build-stamp')
const inputs = [
  'src',
  'schema',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'package-lock.json',
]

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stats.mtimeMs,
  )
}

/** True when dist/console is missing or older than any file it is built from. */
export function consoleIsStale(): boolean {
  if (!existsSync(stamp)) return true
  const built = statSync(stamp).mtimeMs
  return inputs.some((input) => newestMtime(join(root, input)) > built)
}

/** Builds the console with Vite unless the last build is newer than its sources. */
export function ensureConsoleBuilt(log: (line: string) => void = console.log): void {
  if (!consoleIsStale()) return
  log('Building the console (first start or sources changed)…')
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('The console build failed; see the output above.')
  writeFileSync(stamp, new Date().toISOString())
}
