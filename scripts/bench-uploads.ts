// `npm run bench:uploads`: how much memory a burst of large image uploads costs one server (issue 12).
// Starts the server on a fresh PGlite DATA_DIR, prints its idle RSS, then sends rounds of K parallel
// uploads of ~49 MP images (highly compressible, so under the 5 MB limit) to the visage, service
// logo and attribute image endpoints, and prints peak and settled RSS beside the idle anchor.
// The first start only creates the database: PGlite's initdb and migrations grow its WebAssembly
// heap, which never shrinks, so a restarted server is the one measured (as in production).
// Options: --parallel K (default 8), --rounds N (default 3), --settle seconds (default 10).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { ADMIN, startServerProcess } from '../tests/server/server-process'

const { values } = parseArgs({
  options: {
    parallel: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    settle: { type: 'string', default: '10' },
  },
})
const parallel = Number(values.parallel)
const rounds = Number(values.rounds)
const settleSeconds = Number(values.settle)

const SIDE = 7000 // 49 MP

/** Blocks of 100×100 px in random colours: large when decoded, small as a file. */
async function bigImages() {
  const blocks = sharp(
    Buffer.from(Array.from({ length: 70 * 70 * 3 }, () => Math.floor(Math.random() * 256))),
    { raw: { width: 70, height: 70, channels: 3 } },
  ).resize(SIDE, SIDE, { kernel: 'nearest' })
  const png = await blocks.clone().png({ compressionLevel: 9 }).toBuffer()
  const jpeg = await blocks.clone().jpeg({ quality: 60 }).toBuffer()
  return { png, jpeg }
}

/** VmRSS and VmHWM (the peak so far) of a process, in MB. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 }
}

const mb = (value: number) => `${value.toFixed(0)} MB`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-uploads-'))
await (await startServerProcess(dataDir)).stop()
const server = await startServerProcess(dataDir)
try {
  const { url } = server
  const headers = (cookie = '') => ({ origin: url, ...(cookie ? { cookie } : {}) })
  const json = async (path: string, body: unknown, cookie = '') => {
    const answer = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...headers(cookie), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`)
    return { answer, body: (await answer.json()) as { results: Record<string, { id: string }> } }
  }
  const signedIn = await json('/v1/login', { username: ADMIN.email, password: ADMIN.password })
  const cookie = (signedIn.answer.headers.getSetCookie()[0] ?? '').split(';')[0] ?? ''
  const self = (await (await fetch(`${url}/v1/self`, { headers: headers(cookie) })).json()) as {
    results: { user: { id: string } }
  }
  const userId = self.results.user.id
  const serviceId = (await json('/v1/service', { key: 'bench-logo' }, cookie)).body.results.service!
    .id

  const { png, jpeg } = await bigImages()
  console.log(
    `Images: ${SIDE}×${SIDE} px (${(SIDE * SIDE) / 1e6} MP), ` +
      `PNG ${(png.length / 2 ** 20).toFixed(2)} MB, JPEG ${(jpeg.length / 2 ** 20).toFixed(2)} MB`,
  )
  const targets: { path: string; field: string; extra: Record<string, string> }[] = [
    { path: `/v1/user/${userId}/visage`, field: 'visage', extra: {} },
    { path: `/v1/service/${serviceId}/logo`, field: 'logo', extra: {} },
    { path: '/v1/imageFileUpload', field: 'image', extra: { id: 'NewId_1', filename: 'big.png' } },
  ]
  const upload = async (i: number) => {
    const target = targets[i % targets.length]!
    const data = i % 2 === 0 ? png : jpeg
    const form = new FormData()
    for (const [name, value] of Object.entries(target.extra)) form.append(name, value)
    form.append(target.field, new Blob([new Uint8Array(data)]), 'big')
    const answer = await fetch(`${url}${target.path}`, {
      method: 'POST',
      headers: headers(cookie),
      body: form,
    })
    await answer.arrayBuffer()
    return answer.status
  }

  await sleep(2000)
  const idle = memoryOf(server.serverPid).rss
  console.log(`Idle RSS (anchor): ${mb(idle)}`)

  let peak = idle
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.serverPid).rss)), 25)
  const table: string[][] = []
  for (let round = 1; round <= rounds; round++) {
    const started = Date.now()
    const statuses = await Promise.all(Array.from({ length: parallel }, (_, i) => upload(i)))
    const after = memoryOf(server.serverPid)
    const counts = Object.entries(
      statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}),
    )
      .map(([status, n]) => `${n}×${status}`)
      .join(' ')
    table.push([
      String(round),
      counts,
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
      mb(after.rss),
      mb(Math.max(peak, after.hwm)),
    ])
  }
  clearInterval(sampler)
  await sleep(settleSeconds * 1000)
  const settled = memoryOf(server.serverPid)
  peak = Math.max(peak, settled.hwm)

  console.log(
    `\n${parallel} parallel uploads per round (visage, logo, attribute image; PNG and JPEG)`,
  )
  console.log('round | answers | time | RSS after | peak so far')
  for (const row of table) console.log(row.join(' | '))
  console.log('\n              RSS      × idle')
  console.log(`idle (anchor)  ${mb(idle).padStart(7)}  1.00`)
  console.log(`peak           ${mb(peak).padStart(7)}  ${(peak / idle).toFixed(2)}`)
  console.log(
    `settled (${settleSeconds} s) ${mb(settled.rss).padStart(7)}  ${(settled.rss / idle).toFixed(2)}`,
  )
} finally {
  await server.killHard()
  rmSync(dataDir, { recursive: true, force: true })
}
