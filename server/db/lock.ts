import fs from 'node:fs'
import path from 'node:path'

/** Thrown when another live process holds DATA_DIR. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

export interface DataDirLock {
  readonly file: string
  release(): void
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes DATA_DIR/gatehouse.lock for this process. PGlite is one embedded database per directory; a
 * second process opening it would corrupt it, so the second one must fail clearly instead. A lock
 * left by a crashed process (its pid no longer runs) is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'gatehouse.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' })
      let released = false
      return {
        file,
        release() {
          if (released) return
          released = true
          fs.rmSync(file, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Gatehouse process (pid ${pid}). ` +
            `Stop it, or start this one with a different DATA_DIR. ` +
            `If no such process runs, delete ${file}.`,
        )
      }
      fs.rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}.`)
}
