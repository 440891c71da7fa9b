import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir, processStartTime } from '../../server/db/lock'

const root = path.resolve(import.meta.dirname, '../..')
const dirs: string[] = []
const children: ChildProcess[] = []

function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-lock-'))
  dirs.push(dir)
  return dir
}
const lockFile = (dir: string) => path.join(dir, 'gatehouse.lock')

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Another process that holds the lock on `dir` until the test ends. */
async function otherHolder(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/hold-lock.ts', dir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  await new Promise<void>((done, fail) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) done()
    })
    child.once('exit', (code) => fail(new Error(`the lock holder exited (${code})`)))
  })
  return child
}

describe('the DATA_DIR lock', () => {
  it('records the pid and its start time, and refuses a second lock in the same process', () => {
    const dir = freshDir()
    const lock = lockDataDir(dir)
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(
      `${process.pid} ${processStartTime(process.pid)}\n`,
    )
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    lock.release()
    lockDataDir(dir).release()
  })

  it('takes over a lock that names this process but was left by an earlier one (kill -9, then a restart with the same pid)', () => {
    const dir = freshDir()
    writeFileSync(lockFile(dir), `${process.pid}\n`)
    const lock = lockDataDir(dir)
    expect(readFileSync(lockFile(dir), 'utf8')).toMatch(new RegExp(`^${process.pid} `))
    lock.release()

    writeFileSync(lockFile(dir), `${process.pid} 1\n`)
    lockDataDir(dir).release()
  })

  it('takes over a lock whose pid no longer runs', () => {
    const dir = freshDir()
    // 2^22+1 is above the largest pid_max Linux allows, so no process has it.
    writeFileSync(lockFile(dir), '4194305 12345\n')
    lockDataDir(dir).release()
  })

  it('refuses clearly while another live process holds the lock', async () => {
    const dir = freshDir()
    const holder = await otherHolder(dir)
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`is in use by another Gatehouse process \\(pid ${holder.pid}\\)`),
    )
    // A lock file of the older format (pid only) from a live process refuses too.
    writeFileSync(lockFile(dir), `${holder.pid}\n`)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
  }, 30_000)

  it('takes over a lock whose pid now belongs to a later process (started at another time)', async () => {
    const dir = freshDir()
    const other = await otherHolder(freshDir())
    writeFileSync(lockFile(dir), `${other.pid} 1\n`)
    lockDataDir(dir).release()
  }, 30_000)
})
