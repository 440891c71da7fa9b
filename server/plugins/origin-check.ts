import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ErrorCode } from '../../schema/errors'
import type { App } from '../app-types'
import { ApiError } from '../errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const SAME_SITE_VALUES = new Set(['same-origin', 'none'])

function isForeign(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && !SAME_SITE_VALUES.has(String(site))) return true
  const origin = request.headers.origin
  if (origin === undefined) return false
  const own = `${request.protocol}://${request.headers.host ?? ''}`
  return origin !== own && origin !== publicOrigin
}

/**
 * Refuses state-changing requests made by another site's pages (CSRF). Browsers send
 * Sec-Fetch-Site and Origin; clients that send neither (curl, scripts) are not browsers riding on
 * someone's cookie, so they pass — the session cookie is SameSite=Lax as a second line.
 */
export default fp(
  (app: App, _options, done) => {
    const publicOrigin = new URL(app.config.publicUrl).origin
    app.addHook('onRequest', (request, _reply, next) => {
      // The OpenID provider's endpoints take other sites' posts by design (docs/sso.md); its
      // interaction API is the console's own and stays checked.
      const provider =
        request.url.startsWith('/oidc/') && !request.url.startsWith('/oidc/interaction/')
      if (!provider && !SAFE_METHODS.has(request.method) && isForeign(request, publicOrigin)) {
        next(new ApiError(ErrorCode.forbidden, 'Requests from another site are not allowed.'))
        return
      }
      next()
    })
    done()
  },
  { name: 'origin-check' },
)
