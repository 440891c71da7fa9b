import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_HEADER_BYTES } from '../../server/http-failures'
import { call, useTestApp } from './helper'

const t = useTestApp()
let port = 0

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  if (!address || typeof address === 'string') throw new Error('not listening')
  port = address.port
})

afterAll(() => {
  t.app.server.closeAllConnections()
})

interface Failure {
  success: boolean
  error: { code: number; message: string }
}

/**
 * Writes `parts` on a new connection, a pause between them so that the server reads each on its
 * own, and answers everything that came back once the server closed it.
 */
function exchange(...parts: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
    void (async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0) await new Promise((done) => setTimeout(done, 50))
        if (!socket.destroyed) socket.write(part)
      }
    })()
  })
}

/** The status line and headers, and what follows them. */
function split(text: string) {
  const end = text.indexOf('\r\n\r\n')
  const head = text.slice(0, end)
  return { head, status: Number(head.split(' ')[1]), rest: text.slice(end + 4) }
}

/** Sends raw bytes and answers the status and the parsed body of what comes back. */
async function raw(request: string): Promise<{ status: number; body: Failure; head: string }> {
  const text = await exchange(request)
  const { head, status, rest } = split(text)
  try {
    return { status, body: JSON.parse(rest) as Failure, head }
  } catch (error) {
    throw new Error(`not JSON: ${text}`, { cause: error })
  }
}

describe('answers Fastify and Node give before any route are the envelope', () => {
  it('bad %-encoding in the path → 400', async () => {
    const response = await call(t, 'GET', '/v1/resettoken/%E0%A4%A')
    expect(response.statusCode).toBe(400)
    expect(response.json<Failure>()).toEqual({
      success: false,
      error: { code: 1001, message: expect.stringMatching(/%-encoding is malformed/) as string },
    })
  })

  it('a path parameter longer than the router takes → 414', async () => {
    const response = await call(t, 'GET', `/v1/resettoken/${'a'.repeat(300)}`)
    expect(response.statusCode).toBe(414)
    expect(response.json<Failure>().error).toEqual({
      code: 1001,
      message: 'A part of the address is too long.',
    })
  })

  it('headers past the limit → 431 with the envelope', async () => {
    const big = 'x'.repeat(MAX_HEADER_BYTES + 1)
    const answer = await raw(`GET /v1/self HTTP/1.1\r\nHost: a\r\nX-Big: ${big}\r\n\r\n`)
    expect(answer.status).toBe(431)
    expect(answer.head).toMatch(/content-type: application\/json/i)
    expect(answer.body).toEqual({
      success: false,
      error: { code: 1001, message: expect.stringMatching(/larger than 16384 bytes/) as string },
    })
  })

  it('a URL past the limit is counted with the headers → 431', async () => {
    const answer = await raw(
      `GET /v1/self?q=${'a'.repeat(MAX_HEADER_BYTES + 1)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    )
    expect(answer.status).toBe(431)
    expect(answer.body.success).toBe(false)
  })

  it('HTTP/1.1 without a Host header → 400 with the envelope', async () => {
    const answer = await raw('GET /v1/self HTTP/1.1\r\nConnection: close\r\n\r\n')
    expect(answer.status).toBe(400)
    expect(answer.head).toMatch(/content-type: application\/json/i)
    expect(answer.body).toEqual({
      success: false,
      error: { code: 1001, message: 'The request has no Host header; HTTP/1.1 requires one.' },
    })
  })

  it('HTTP/1.0 without a Host header is served as before', async () => {
    const answer = await raw('GET /v1/self HTTP/1.0\r\n\r\n')
    expect(answer.status).toBe(401)
    expect(answer.body.error.code).toBe(401)
  })

  it('bytes that are not HTTP → 400 with the envelope', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      success: false,
      error: { code: 1001, message: 'The request is not valid HTTP.' },
    })
  })
})

describe('an answer to HEAD never carries a body, whatever its status', () => {
  const big = 'x'.repeat(MAX_HEADER_BYTES + 1)

  it.each([
    [
      '431, headers past the limit',
      431,
      [`HEAD /v1/self HTTP/1.1\r\nHost: a\r\nX-Big: ${big}\r\n\r\n`],
    ],
    [
      '431, the request line in one packet and the headers after it',
      431,
      ['HEAD /v1/self HTTP/1.1\r\nHost: a\r\n', `X-Big: ${big}\r\n\r\n`],
    ],
    [
      '431 after an earlier GET on the same connection',
      431,
      [
        `GET /v1/nope HTTP/1.1\r\nHost: a\r\n\r\nHEAD /v1/self HTTP/1.1\r\nHost: a\r\nX-Big: ${big}\r\n\r\n`,
      ],
    ],
    [
      '400 from the HTTP parser',
      400,
      [
        'HEAD /v1/self HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n',
      ],
    ],
    ['400, no Host header', 400, ['HEAD /v1/self HTTP/1.1\r\nConnection: close\r\n\r\n']],
    [
      '400, bad %-encoding',
      400,
      ['HEAD /v1/resettoken/%E0%A4%A HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n'],
    ],
    [
      '414, a path parameter too long',
      414,
      [`HEAD /v1/resettoken/${'a'.repeat(300)} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`],
    ],
    ['404, no such route', 404, ['HEAD /v1/nope HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n']],
    ['401, not signed in', 401, ['HEAD /v1/self HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n']],
  ])('%s', async (_, status, parts) => {
    const text = await exchange(...parts)
    // The earlier GET's own answer comes first; the HEAD's is the last one.
    const last = text.slice(text.lastIndexOf('HTTP/1.1 '))
    const answer = split(last)
    expect(answer.status, text).toBe(status)
    expect(answer.rest, text).toBe('')
  })

  // The method is read from the packet the parser failed in; when that packet does not begin the
  // request, the method is unknown, and the answer goes without a body rather than risk one.
  it('a head that arrived in pieces gets its status alone, even on GET', async () => {
    const text = await exchange('GET /v1/self HTTP/1.1\r\nHost: a\r\n', `X-Big: ${big}\r\n\r\n`)
    expect(split(text).status).toBe(431)
    expect(split(text).rest).toBe('')
  })
})
