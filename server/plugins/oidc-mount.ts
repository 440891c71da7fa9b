import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../app-types'
import {
  errorPage,
  type PageStyle,
  REPOST_SCRIPT_SOURCE,
  repostPage,
} from '../presenters/oidc-pages'
import { oidcHeaders, oidcPolicy, setHeaders } from './oidc-headers'

/** Where the provider is mounted: the issuer is PUBLIC_URL + this (docs/sso.md). */
export const OIDC_PATH = '/oidc'

/**
 * The endpoints OpenID Connect says take POST as well as GET, with the same parameters as a form
 * body: authorization (Core §3.1.2.1) and logout (RP-Initiated Logout §2).
 */
const FORM_ENDPOINTS = [`${OIDC_PATH}/auth`, `${OIDC_PATH}/session/end`]

/** A form of these endpoints is a few parameters and an id token; the app's JSON limit fits it. */
const FORM_LIMIT = 64 * 1024

type Callback = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void

/** Hands a request to the provider, mounted at OIDC_PATH (it sees the path below the mount). */
function handOver(
  callback: Callback,
  req: IncomingMessage,
  res: ServerResponse,
  app: App,
  ip: string,
) {
  // The provider builds its endpoints' URLs from the request: they are always the issuer's, and
  // the address it records is the one Fastify determined, whatever the client's headers claim.
  const publicUrl = new URL(app.config.publicUrl)
  req.headers.host = publicUrl.host
  req.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1)
  req.headers['x-forwarded-for'] = ip
  delete req.headers['x-forwarded-host']
  const original = req.url ?? '/'
  ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = original
  req.url = original.slice(OIDC_PATH.length) || '/'
  return callback(req, res)
}

function sendPage(
  reply: FastifyReply,
  status: number,
  headers: Record<string, string>,
  html: string,
) {
  reply.hijack()
  setHeaders(reply.raw, headers)
  reply.raw.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  })
  reply.raw.end(html)
}

/**
 * Mounts the provider under OIDC_PATH: a Fastify route hijacks each request and hands the raw one
 * to the provider (no body parsing, envelope or onSend hooks; origin-check lets it through), with
 * the headers of oidcHeaders set first.
 */
export async function mountProvider(app: App, callback: () => Callback, style: PageStyle) {
  const headers = oidcHeaders(app.config, style.source)

  await app.register((scope: FastifyInstance, _options, done) => {
    // The provider reads its own bodies (form posts, JSON): Fastify leaves the stream alone.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
    // The provider's own protocol, described by its discovery document, not by our OpenAPI.
    scope.all(`${OIDC_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      reply.hijack()
      setHeaders(reply.raw, headers)
      await handOver(callback(), request.raw, reply.raw, app, request.ip)
    })
    done()
  })

  // The provider takes POST at these two only with its session cookie SameSite=None
  // (enableHttpPostMethods), which browsers keep only on https and which would let every
  // site's requests carry it. Instead the form is read here and handed over as the GET it
  // stands for (docs/sso.md, "POST").
  await app.register((scope: FastifyInstance, _options, done) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, body),
    )
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
    const asGet = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
      if (typeof request.body !== 'string') {
        const page = errorPage(style, {
          signOut: path.endsWith('/session/end'),
          error: 'invalid_request',
          description: 'only application/x-www-form-urlencoded bodies are accepted',
        })
        sendPage(reply, 400, headers, page)
        return
      }
      const form = new URLSearchParams(request.body)
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        // Another site's form arrives without our SameSite=Lax cookies, so the provider would
        // not know who is signed in (a logout would end nothing). Posted again from our own
        // page, the same form carries them. No form-action: browsers apply it to the redirect
        // that follows, to whichever redirect URI the service registered.
        const page = repostPage(style, path, [...form])
        const policy = oidcPolicy(style.source, { script: REPOST_SCRIPT_SOURCE })
        sendPage(reply, 200, { ...headers, 'content-security-policy': policy }, page)
        return
      }
      const raw = request.raw
      raw.method = 'GET'
      raw.url = `${path}?${form.toString()}`
      delete raw.headers['content-type']
      delete raw.headers['content-length']
      reply.hijack()
      setHeaders(reply.raw, headers)
      await handOver(callback(), raw, reply.raw, app, request.ip)
    }
    for (const path of FORM_ENDPOINTS) {
      scope.post(path, { schema: { hide: true } }, (request, reply) => asGet(request, reply, path))
    }
    done()
  })
}
