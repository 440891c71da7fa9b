import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { WEBHOOK_MESSAGES } from '../../schema/webhooks'
import { isPrivateAddress } from '../domain/private-address'
import { excerptOf, urlProblem } from '../domain/webhooks'

/** How long an endpoint has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** How much of the answer is read (the log keeps 500 characters of it). */
const READ_MAX_BYTES = 2048
const USER_AGENT = 'Gatehouse-Webhooks/1'

export interface WebhookRequest {
  url: string
  /** The webhook-id, 'msg_…'. */
  eventId: string
  payload: string
  /** The signing secrets, 'whsec_…': the current one, and the previous one during a rotation. */
  secrets: string[]
  allowPrivate: boolean
  now?: Date
  /** How host names are resolved (dns.lookup; tests give their own). */
  resolve?: Resolver
}

/** dns.lookup with `all: true`, as the address check calls it. */
export type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

export interface WebhookAnswer {
  code: number | null
  durationMs: number
  error: string | null
  responseExcerpt: string | null
}

/** The webhook-signature header: one `v1,<base64>` per secret, space separated. */
export function signatures(secrets: string[], eventId: string, at: Date, payload: string) {
  return secrets.map((secret) => new Webhook(secret).sign(eventId, at, payload)).join(' ')
}

/**
 * Resolves like dns.lookup, but refuses a name that resolves to a private or loopback address
 * (DNS may have changed since the address was checked): the connection uses what was checked.
 */
const publicOnly =
  (resolve: Resolver): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4)
      const refused = addresses.find((a) => isPrivateAddress(a.address))
      if (refused || !addresses.length)
        return callback(
          Object.assign(new Error(WEBHOOK_MESSAGES.urlPrivate), { code: 'EPRIVATE' }),
          '',
          4,
        )
      if (options.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      const first = addresses[0]!
      callback(null, first.address, first.family)
    })
  }

/**
 * POSTs one signed delivery (Standard Webhooks headers) and answers what happened; never throws.
 * No redirects are followed; at most 2 KB of the answer is read.
 */
export function sendWebhook(request: WebhookRequest): Promise<WebhookAnswer> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const problem = urlProblem(request.url, request.allowPrivate)
  if (problem)
    return Promise.resolve({ code: null, durationMs: 0, error: problem, responseExcerpt: null })
  const url = new URL(request.url)
  const at = request.now ?? new Date()
  const body = Buffer.from(request.payload)
  const headers = {
    'content-type': 'application/json',
    'content-length': String(body.length),
    'user-agent': USER_AGENT,
    'webhook-id': request.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures(request.secrets, request.eventId, at, request.payload),
  }
  return new Promise((resolve) => {
    let settled = false
    const finish = (answer: Omit<WebhookAnswer, 'durationMs'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ ...answer, durationMs: elapsed() })
    }
    const send = url.protocol === 'https:' ? https.request : http.request
    const req = send(
      url,
      {
        method: 'POST',
        headers,
        agent: false,
        ...(request.allowPrivate ? {} : { lookup: publicOnly(request.resolve ?? dnsLookup) }),
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        const done = () => {
          const text = Buffer.concat(chunks).subarray(0, READ_MAX_BYTES).toString('utf8')
          const code = res.statusCode ?? null
          const ok = code !== null && code >= 200 && code < 300
          finish({
            code,
            error: ok ? null : `The endpoint answered ${code}.`,
            responseExcerpt: excerptOf(text),
          })
          res.destroy()
        }
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          size += chunk.length
          if (size >= READ_MAX_BYTES) done()
        })
        res.on('end', done)
        res.on('error', done)
      },
    )
    const timer = setTimeout(() => {
      finish({
        code: null,
        error: 'The endpoint did not answer within 10 seconds.',
        responseExcerpt: null,
      })
      req.destroy()
    }, WEBHOOK_TIMEOUT_MS)
    req.on('error', (error: NodeJS.ErrnoException) => {
      const cause = error.code === 'EPRIVATE' ? WEBHOOK_MESSAGES.urlPrivate : error.message
      finish({ code: null, error: cause || 'The request failed.', responseExcerpt: null })
    })
    req.end(body)
  })
}
