import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { App } from '../app-types'

/** Where `vite build` puts the console (vite.config.ts), two folders up, as from dist/server. */
export const DEFAULT_CONSOLE_DIR = path.resolve(import.meta.dirname, '../../dist/console')

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !request.url.startsWith('/v1/') &&
  request.url !== '/v1' &&
  String(request.headers.accept ?? '').includes('text/html')

const notFound = (reply: FastifyReply, message: string) =>
  reply.status(404).send({ success: false, error: { code: ErrorCode.notFound, message } })

/**
 * Serves the built console at / with the SPA fallback: a page request for any path that is not a
 * file gets index.html, so the console's router can show it. Hashed /assets/* are cached for a
 * year; everything else is revalidated so a new build is picked up at once.
 */
export default fp(
  async (app: App, options: { consoleDir?: string }) => {
    const root = options.consoleDir ?? DEFAULT_CONSOLE_DIR
    const built = fs.existsSync(path.join(root, 'index.html'))
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        // The build writes .br and .gz beside each text file (scripts/vite-precompress.ts): the
        // best one the browser accepts is sent as is, with Vary: accept-encoding.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, file) {
          const immutable = path.relative(root, file).startsWith(`assets${path.sep}`)
          void reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
        },
      })
    }
    app.setNotFoundHandler(async (request, reply) => {
      if (built && wantsPage(request)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', root)
      }
      if (!built && wantsPage(request)) {
        return notFound(
          reply,
          'The console is not built. Run `npm run build`, or start with `npm start`.',
        )
      }
      return notFound(
        reply,
        `No such address: ${request.method} ${request.url.split('?')[0] ?? ''}`,
      )
    })
  },
  { name: 'static-console' },
)
