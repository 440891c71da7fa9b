import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { App } from '../app-types'
import { ApiError } from '../errors'

const bad = (message: string) => new ApiError(ErrorCode.validation, message, 400)

/** True when every %-escape of `query` is complete and the bytes they spell are UTF-8. */
function isWellEncoded(query: string): boolean {
  try {
    decodeURIComponent(query)
    return true
  } catch {
    return false
  }
}

/**
 * What the request line and Host must be, checked first on every request:
 * - HTTP/1.1 needs a Host header (RFC 9112 §3.2). Node's own refusal of one without it is an empty
 *   400, so app.ts turns that off (`requireHostHeader: false`) and the refusal is made here, in the
 *   envelope. HTTP/1.0 has no such rule.
 * - A query string under /v1 with broken %-encoding is refused as a broken path is (400). The
 *   query parser would keep such a value undecoded, so a handler would see `%C3%28` as text the
 *   client never meant.
 */
export default fp(
  (app: App, _options, done) => {
    app.addHook('onRequest', (request, _reply, next) => {
      const { raw } = request
      if (raw.httpVersion === '1.1' && !request.headers.host)
        return next(bad('The request has no Host header; HTTP/1.1 requires one.'))
      const url = raw.url ?? ''
      const query = url.indexOf('?')
      if (
        url.startsWith('/v1/') &&
        query >= 0 &&
        url.includes('%', query) &&
        !isWellEncoded(url.slice(query + 1))
      )
        return next(bad('The address is not valid: its query string has malformed %-encoding.'))
      next()
    })
    done()
  },
  { name: 'request-line' },
)
