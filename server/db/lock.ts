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

/** The lock files this process holds now: the only way to tell its own live lock from a stale one. */
const held = new Set<string>()

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
 * When the process `pid` started (clock ticks since boot, Linux /proc), or undefined where there is
 * no /proc. Together with the pid it names one process for good: a pid reused after a restart
 * carries another start time.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 2 (the command name) may hold spaces and parentheses, so count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

/** What the lock file says: "<pid>\n" (older servers) or "<pid> <start time>\n". */
function readOwner(file: string): { pid: number; started?: string } {
  let text = ''
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    // Released between our attempt to create it and this read: nobody holds it.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const [pid, started] = text.trim().split(/\s+/)
  return { pid: Number.parseInt(pid ?? '', 10), started }
}

/**
 * Whether the process named in the lock still holds it. Our own pid counts only while this process
 * holds the lock: after kill -9 in a container, the restarted server often gets the same pid (1) as
 * the one that wrote the file. Another live pid counts unless its start time shows it is a later
 * process that reused the number.
 */
function holdsLock(file: string, owner: { pid: number; started?: string }): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false
  if (owner.pid === process.pid) return held.has(file)
  if (!isAlive(owner.pid)) return false
  const started = processStartTime(owner.pid)
  return !owner.started || !started || owner.started === started
}

/**
 * Takes DATA_DIR/gatehouse.lock for this process. PGlite is one embedded database per directory; a
 * second process opening it would corrupt it, so the second one must fail clearly instead. A lock
 * left by a process that no longer runs (crashed, killed, or a previous life of this container) is
 * taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.resolve(dataDir, 'gatehouse.lock')
  const started = processStartTime(process.pid)
  const content = started ? `${process.pid} ${started}\n` : `${process.pid}\n`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' })
      held.add(file)
      let released = false
      return {
        file,
        release() {
          if (released) return
          released = true
          held.delete(file)
          fs.rmSync(file, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(file)
      if (holdsLock(file, owner)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Gatehouse process (pid ${owner.pid}). ` +
            `Stop it, or start this one with a different DATA_DIR. ` +
            `If no such process runs, delete ${file}.`,
        )
      }
      fs.rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}.`)
}
