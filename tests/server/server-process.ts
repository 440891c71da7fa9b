import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
const SERVER = ['--import', 'tsx', 'server/main.ts']

/** The administrator every server started here has. */
export const ADMIN = { email: 'admin@example.com', password: 'Admin#Pass2026' } as const

/** A real `server/main.ts` process (not app.inject): for what only a process shows, like kill -9. */
export interface ServerProcess {
  url: string
  /** The pid of the node process that runs the server, as this test's namespace sees it. */
  serverPid: number
  /** Ends the server with SIGKILL (no cleanup at all) and waits until it is gone. */
  killHard(): Promise<void>
  /** Stops the server as an operator would (SIGTERM) and waits until it is gone. */
  stop(): Promise<void>
  /** Whatever it printed so far. */
  output(): string
  /** Settles with the exit code when the process has exited (null when a signal ended it). */
  exited: Promise<number | null>
}

/** True when this machine lets us start a process as pid 1 of a new PID namespace (root, Linux). */
export const canUsePidNamespace = () =>
  spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      )
    })
  })
}

/** The first child of `pid` (unshare --fork runs the server as its child). */
function childOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  const child = Number.parseInt(children.split(' ')[0] ?? '', 10)
  if (!child) throw new Error(`process ${pid} has no child`)
  return child
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${output()}`)
    try {
      if ((await fetch(`${url}/v1/self`)).status === 401) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`The server did not answer within 90 s:\n${output()}`)
}

/**
 * Starts `server/main.ts` on `dataDir` (PGlite, unless `env` names a DATABASE_URL) and a free port.
 * With `pidNamespace` it runs as pid 1 of a fresh PID namespace, as in a container, so each start
 * gets the same pid.
 */
export async function startServerProcess(
  dataDir: string,
  {
    pidNamespace = false,
    env: extra = {},
  }: { pidNamespace?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  }
  delete env.DATABASE_URL
  Object.assign(env, extra)
  const child = pidNamespace
    ? spawn('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, ...SERVER], {
        cwd: root,
        env,
      })
    : spawn(process.execPath, SERVER, { cwd: root, env })
  let log = ''
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const output = () => log
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  try {
    await waitUntilUp(url, child, output)
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  const serverPid = pidNamespace ? childOf(child.pid!) : child.pid!
  return {
    url,
    serverPid,
    output,
    exited,
    async killHard() {
      process.kill(serverPid, 'SIGKILL')
      // Without pid 1 the namespace ends, and unshare with it.
      await exited
    },
    async stop() {
      process.kill(serverPid, 'SIGTERM')
      await exited
    },
  }
}
