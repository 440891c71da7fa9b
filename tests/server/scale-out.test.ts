import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { naming, openEvents } from './events-helper'
import { ADMIN, type ServerProcess, startServerProcess } from './server-process'

/**
 * Stateless scale-out (docs/server-images.md, docs/server-storage.md): two real server processes
 * on one PostgreSQL database, each with a DATA_DIR of its own, share nothing else. Runs only when
 * TEST_DATABASE_URL names a PostgreSQL server.
 */
const adminUrl = process.env.TEST_DATABASE_URL

interface Sync {
  results: { nodes: { id: string; key?: string }[]; batchInfo: { cursor: string } }
}

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  const name = `gatehouse_scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'gatehouse-scale-')))
  let a: ServerProcess
  let b: ServerProcess
  let cookie = ''
  /** The device cookie the first sign-in set: that test's client is a known device of the admin. */
  let device = ''
  let pool: pg.Pool

  const send = (server: ServerProcess, method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: {
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(adminUrl!)
    url.pathname = `/${name}`
    const env = { DATABASE_URL: url.toString() }
    pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
    // Started together: the migrations run once, under the advisory lock.
    const started = await Promise.all(dataDirs.map((dir) => startServerProcess(dir, { env })))
    a = started[0]!
    b = started[1]!
  }, 240_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await pool?.end()
    const dropper = new pg.Client({ connectionString: adminUrl })
    await dropper.connect()
    await dropper.query(`drop database if exists ${name} with (force)`)
    await dropper.end()
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('accepts on one process a sign-in made on the other', async () => {
    const login = await fetch(`${a.url}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    })
    expect(login.status, await login.clone().text()).toBe(200)
    const session = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.split('=')[0]!.endsWith('gatehouse_session'))
    expect(session).toBeDefined()
    cookie = session!
    device =
      login.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .find((pair) => pair.startsWith('gatehouse_device=')) ?? ''
    const self = await send(b, 'GET', '/v1/self')
    expect(self.status).toBe(200)
    expect(await self.json()).toMatchObject({ results: { user: { email: ADMIN.email } } })
  })

  it('announces a change made through one process on the other’s event stream, then syncs it', async () => {
    const events = await openEvents(`${b.url}/v1/events`, cookie)
    try {
      expect(events.status).toBe(200)
      await events.next((block) => block.startsWith(': connected'))
      const key = `scale-${Date.now().toString(36)}`
      const created = await send(a, 'POST', '/v1/service', { key, name: 'Scaled out' })
      expect(created.status, await created.clone().text()).toBe(200)
      await events.next(naming('services'), 15_000)
    } finally {
      events.close()
    }
    const keys: string[] = []
    let cursor: string | null = null
    for (let round = 0; round < 20; round += 1) {
      const response = await send(b, 'POST', '/v1/sync/services', { cursor })
      expect(response.status).toBe(200)
      const { results } = (await response.json()) as Sync
      keys.push(...results.nodes.flatMap((node) => (node.key ? [node.key] : [])))
      if (results.batchInfo.cursor === 'DONE') break
      cursor = results.batchInfo.cursor
    }
    expect(keys.some((key) => key.startsWith('scale-'))).toBe(true)
  })

  it('serves through one process a logo uploaded through the other', async () => {
    const created = await send(a, 'POST', '/v1/service', {
      key: `logo-${Date.now()}`,
      name: 'Logo',
    })
    const { id } = ((await created.json()) as { results: { service: { id: string } } }).results
      .service
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 30, b: 60 } },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png')
    const uploaded = await fetch(`${a.url}/v1/service/${id}/logo`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(200)

    // A link B signs, read from B; and a link A signs, read from B.
    for (const signer of [b, a]) {
      const link = await send(signer, 'GET', `/v1/service/${id}/logo/medium`)
      expect(link.status).toBe(200)
      const { url } = ((await link.json()) as { results: { url: string } }).results
      const image = await fetch(`${b.url}${url}`)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/webp')
      expect(image.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 128, height: 96 })
    }
  })

  it('delivers every queued message exactly once across both processes', async () => {
    const emails: string[] = []
    for (const [index, server] of [a, b, a, b, a, b].entries()) {
      const email = `scale.${index}.${Date.now().toString(36)}@example.com`
      emails.push(email)
      const invited = await send(server, 'POST', '/v1/users', {
        nameFirst: 'Scale',
        nameLast: `Out${index}`,
        email,
        phone: null,
        type: 'INTERNAL',
        permissions: ['services.read'],
      })
      expect(invited.status, await invited.clone().text()).toBe(200)
    }
    // A forgotten password for each, asked of the process that did not invite them.
    for (const [index, email] of emails.entries()) {
      const server = index % 2 === 0 ? b : a
      const asked = await fetch(`${server.url}/v1/passwordReset/${encodeURIComponent(email)}`, {
        method: 'POST',
      })
      expect(asked.status).toBeLessThan(300)
    }
    let rows: { id: string; status: string }[] = []
    const deadline = Date.now() + 60_000
    for (;;) {
      rows = (await pool.query<{ id: string; status: string }>('select id, status from outbox'))
        .rows
      if (rows.length >= 12 && rows.every((row) => row.status === 'sent')) break
      if (Date.now() > deadline) throw new Error(`outbox not delivered: ${JSON.stringify(rows)}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const written = dataDirs.flatMap((dir) =>
      readdirSync(path.join(dir, 'outbox')).filter((file) => file.endsWith('.json')),
    )
    const ids = written.map((file) => rows.find((row) => file.endsWith(`-${row.id}.json`))?.id)
    expect(ids.every((id) => id !== undefined)).toBe(true)
    expect(new Set(ids).size).toBe(written.length)
    expect(written.length).toBe(rows.length)
  }, 120_000)

  it('checks at most LOCKOUT_THRESHOLD of a burst shared by both processes, and a known browser still signs in', async () => {
    const guess = (server: ServerProcess, i: number) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ username: ADMIN.email, password: `Wrong#burst${i}` })
        const target = new URL('/v1/login', server.url)
        const request = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            localAddress: `127.0.3.${i + 1}`,
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': body.length },
          },
          (response) => {
            response.resume()
            response.on('end', () => resolve(response.statusCode ?? 0))
          },
        )
        request.on('error', reject)
        request.end(body)
      })
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => guess(i % 2 ? b : a, i)),
    )
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true)
    const { rows } = await pool.query<{ count: string }>(
      `select count(*) from audit_log a join users u on u.id = a.subject_user_id
       where u.email = $1 and a.action = 'login' and a.outcome = 'failure'`,
      [ADMIN.email],
    )
    // LOCKOUT_THRESHOLD is 10 by default.
    expect(Number(rows[0]!.count)).toBeLessThanOrEqual(10)
    expect(device).toMatch(/^gatehouse_device=/)
    for (const server of [a, b]) {
      const owner = await fetch(`${server.url}/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: device },
        body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
      })
      expect(owner.status, await owner.clone().text()).toBe(200)
    }
  }, 60_000)
})
