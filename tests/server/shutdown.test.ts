import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN, type ServerProcess, startServerProcess } from './server-process'

const running: ServerProcess[] = []
const dirs: string[] = []

afterEach(async () => {
  for (const server of running.splice(0)) await server.killHard().catch(() => {})
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('SIGTERM stops the server gracefully', () => {
  it('ends event streams, finishes a request in flight, releases the lock and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-shutdown-'))
    dirs.push(dataDir)
    const server = await startServerProcess(dataDir)
    running.push(server)
    const { url } = server
    const { port } = new URL(url)

    const login = await fetch(`${url}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!

    // An open event stream, read until the server ends it.
    const events = await fetch(`${url}/v1/events`, { headers: { cookie } })
    expect(events.status).toBe(200)
    const streamEnded = (async () => {
      const reader = events.body!.getReader()
      for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return true
    })()

    // A slow request: its body arrives in two parts, the second after SIGTERM.
    const body = JSON.stringify({ username: ADMIN.email, password: ADMIN.password })
    const socket = connect(Number(port), '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    const answer = new Promise<string>((resolve) => {
      let text = ''
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
      socket.on('close', () => resolve(text))
      socket.on('error', () => resolve(text))
    })
    socket.write(
      `POST /v1/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${url}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    )
    await new Promise((r) => setTimeout(r, 300))

    process.kill(server.serverPid, 'SIGTERM')
    await new Promise((r) => setTimeout(r, 500))
    socket.write(body.slice(10))

    expect(await answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(await streamEnded).toBe(true)
    expect(await server.exited).toBe(0)
    running.splice(0)
    expect(existsSync(path.join(dataDir, 'gatehouse.lock'))).toBe(false)
    expect(server.output()).toContain('SIGTERM: stopping Gatehouse')
  }, 240_000)
})
