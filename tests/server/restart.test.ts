import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { canUsePidNamespace, type ServerProcess, startServerProcess } from './server-process'

const running: ServerProcess[] = []
const dirs: string[] = []

afterEach(async () => {
  for (const server of running.splice(0)) await server.killHard().catch(() => {})
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function start(dataDir: string, options?: { pidNamespace?: boolean }) {
  const server = await startServerProcess(dataDir, options)
  running.push(server)
  return server
}

const lockPid = (dataDir: string) =>
  Number.parseInt(readFileSync(path.join(dataDir, 'gatehouse.lock'), 'utf8'), 10)

/** The server answers a sign-in from the database it reopened. */
async function signsIn(server: ServerProcess) {
  const answer = await fetch(`${server.url}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ username: 'admin@example.com', password: 'Admin#Pass2026' }),
  })
  expect(answer.status, await answer.clone().text()).toBe(200)
}

describe('a server killed with SIGKILL starts again on the same DATA_DIR', () => {
  it('after kill -9, the next start takes over the lock the killed process left', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-restart-'))
    dirs.push(dataDir)
    const first = await start(dataDir)
    await first.killHard()
    running.splice(0)
    expect(lockPid(dataDir)).toBe(first.serverPid)

    const second = await start(dataDir)
    await signsIn(second)
  }, 240_000)

  it.skipIf(!canUsePidNamespace())(
    'in a container (a fresh PID namespace), where the restarted server has the killed one’s pid',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-restart-'))
      dirs.push(dataDir)
      const first = await start(dataDir, { pidNamespace: true })
      await first.killHard()
      running.splice(0)
      // The lock names pid 1, which the next server in a fresh namespace is too.
      expect(lockPid(dataDir)).toBe(1)

      const second = await start(dataDir, { pidNamespace: true })
      await signsIn(second)
    },
    240_000,
  )

  it('while it runs, a second server on the same DATA_DIR stops with a clear message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-restart-'))
    dirs.push(dataDir)
    const first = await start(dataDir)
    const second = startServerProcess(dataDir)
    await expect(second).rejects.toThrow(
      /Gatehouse cannot start: DATA_DIR .* is in use by another Gatehouse process \(pid \d+\)/,
    )
    await signsIn(first)
  }, 240_000)
})
