import type { CatalogEntry } from '../catalogEntry'
import { loadMachine } from '../machinePaths'
import type { Strategy } from '../model'
import { playwrightSpecs } from './generate'
import type { ScreenScript } from './screenScript'
import { SUPPORT_FILE, supportText } from './support'

export type SpecsOutput = {
  /** Writes one file of the output directory. */
  write: (file: string, text: string) => void
  /** What was written (stdout). */
  log: (line: string) => void
  /** What was not, and why (stderr). */
  warn: (line: string) => void
  /** Lays the code out (Prettier, in `npm run paths`); as generated when absent. */
  format?: (code: string) => Promise<string>
}

/** A screen script module beside the paths module: `src/areas/<area>/paths/<machine>.screen.ts`. */
export type ScriptLoader = (machine: string) => Promise<ScreenScript | undefined>

/**
 * `npm run paths -- <machine…> --format playwright --out DIR`: one spec per drivable machine and
 * gatehouse.ts beside them. A machine without a screen script, or none of whose paths a real
 * server can follow, gets a line on stderr and no file; that is an answer, not a failure.
 * Resolves to the number of specs written.
 */
export async function writePlaywrightSpecs(
  entries: CatalogEntry[],
  strategy: Strategy,
  loadScript: ScriptLoader,
  out: SpecsOutput,
): Promise<number> {
  let written = 0
  for (const entry of entries) {
    const script = await loadScript(entry.id)
    if (!script) {
      out.warn(
        `${entry.id}: cannot be driven from the screen: it has no screen script (${entry.id}.screen.ts beside its paths module); no spec written.`,
      )
      continue
    }
    const specs = playwrightSpecs(await loadMachine(entry), script, strategy)
    for (const { path, why } of specs.leftOut)
      out.warn(`${path.id} (${path.title}): left out: ${why}.`)
    if (!specs.spec) {
      out.warn(
        `${entry.id}: cannot be driven from the screen: no path of it can be; no spec written.`,
      )
      continue
    }
    out.write(specs.spec.file, out.format ? await out.format(specs.spec.text) : specs.spec.text)
    out.log(`${specs.spec.file}: ${specs.driven} tests, ${specs.leftOut.length} paths left out`)
    written++
  }
  if (written) out.write(SUPPORT_FILE, out.format ? await out.format(supportText) : supportText)
  return written
}
