import { createServer, type Server, type Socket, connect } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { App } from '../../server/app-types'
import { loadConfig } from '../../server/config'
import { fromPool } from '../../server/db/database'
import { DATABASE_RETRY_SECONDS } from '../../server/plugins/errors'
import { ADMIN } from './helper'

const adminUrl = process.env.TEST_DATABASE_URL
const SIGN_IN = { username: ADMIN.email, password: ADMIN.password }

/** A TCP proxy to PostgreSQL that the test can cut, as a network failure or a stopped server would. */
async function startProxy(target: URL) {
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('proxy not listening')
  return {
    port: address.port,
    /** Refuses new connections and drops the open ones. */
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
  }
}

describe.skipIf(!adminUrl)('while PostgreSQL is away', () => {
  const name = `gatehouse_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-outage-'))
  let app: App
  let pool: pg.Pool
  let cookie = ''

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const target = new URL(adminUrl!)
    const proxy = await startProxy(target)
    const url = new URL(adminUrl!)
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    url.pathname = `/${name}`
    pool = new pg.Pool({ connectionString: url.toString(), max: 3, connectionTimeoutMillis: 2000 })
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: 'http://localhost:8080',
    })
    app = await buildApp({ config, database: fromPool(pool), print: () => {} })
    const login = await app.inject({ method: 'POST', url: '/v1/login', payload: SIGN_IN })
    expect(login.statusCode, login.body).toBe(200)
    const session = login.cookies.find((c) => c.name.endsWith('gatehouse_session'))!
    cookie = `${session.name}=${session.value}`
    await proxy.cut()
  })

  afterAll(async () => {
    await app.close()
    await pool.end()
    const dropper = new pg.Client({ connectionString: adminUrl })
    await dropper.connect()
    await dropper.query(`drop database if exists ${name} with (force)`)
    await dropper.end()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it.each([
    ['a sign-in', { method: 'POST', url: '/v1/login', payload: SIGN_IN }],
    ['a signed-in read', { method: 'GET', url: '/v1/self', cookie: true }],
    [
      'a signed-in write',
      { method: 'POST', url: '/v1/service', payload: { key: 'k' }, cookie: true },
    ],
  ] as const)('%s answers 503 with Retry-After and the envelope', async (_, request) => {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      ...('payload' in request ? { payload: request.payload } : {}),
      headers: 'cookie' in request ? { cookie } : {},
    })
    expect(response.statusCode, response.body).toBe(503)
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_SECONDS))
    expect(response.json()).toEqual({
      success: false,
      error: { code: 1000, message: expect.stringMatching(/database is not available/) as string },
    })
  })
})
