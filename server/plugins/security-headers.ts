import fp from 'fastify-plugin'
import type { App } from '../app-types'
import { isHttps } from '../config'

/**
 * The console is a Vite build of our own scripts; Radix sets inline styles, images may be data: or
 * blob: previews, and fonts are bundled. Nothing else is allowed to load or to frame us.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export default fp(
  (app: App, _options, done) => {
    const https = isHttps(app.config)
    app.addHook('onSend', (request, reply, payload, next) => {
      // The sign-in page of a service may be in a popup its service opened (oidc-client-ts
      // signinPopup), which only works while the page leaves the opener alone.
      const serviceSignIn = request.url.startsWith('/oidc/')
      void reply.headers({
        'content-security-policy': CSP,
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
        ...(serviceSignIn ? {} : { 'cross-origin-opener-policy': 'same-origin' }),
        'cross-origin-resource-policy': 'same-origin',
        ...(https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
      })
      // Answers of the API (and the sign-in's, below /oidc) carry personal data; no cache may
      // keep them.
      if (request.url.startsWith('/v1/') || serviceSignIn) {
        void reply.header('cache-control', 'no-store')
      }
      next(null, payload)
    })
    done()
  },
  { name: 'security-headers' },
)
