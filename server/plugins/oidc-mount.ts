import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { App } from '../app-types'
import type { PageStyle } from '../presenters/oidc-pages'
import { oidcHeaders, setHeaders } from './oidc-headers'

/** Where the provider is mounted: the issuer is PUBLIC_URL + this (docs/sso.md). */
export const OIDC_PATH = '/oidc'

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
}
