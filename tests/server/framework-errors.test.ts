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

/** Sends raw bytes and answers the status and the parsed body of what comes back. */
function raw(request: string): Promise<{ status: number; body: Failure; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', body = ''] = text.split('\r\n\r\n')
      try {
        resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) as Failure, head })
      } catch (error) {
        reject(new Error(`not JSON: ${text}`, { cause: error }))
      }
    })
    socket.end(request)
  })
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

  it('bytes that are not HTTP → 400 with the envelope', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      success: false,
      error: { code: 1001, message: 'The request is not valid HTTP.' },
    })
  })
})
