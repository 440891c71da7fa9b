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
 * What the request line must be, checked first on every request:
 * - A query string under /v1 with broken %-encoding is refused as a broken path is (400). The
 *   query parser would keep such a value undecoded, so a handler would see `%C3%28` as text the
 *   client never meant.
 */
export default fp(
  (app: App, _options, done) => {
    app.addHook('onRequest', (request, _reply, next) => {
      const url = request.raw.url ?? ''
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
