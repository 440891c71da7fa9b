import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { App } from '../app-types'
import type { Client } from '../repos/audit'

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the request came from, as the audit log and the sessions list record it. */
    readonly client: Client
  }
}

/**
 * `request.client`: the address and user agent a use case records. Audit rows are written by
 * `recordAudit` (repos/audit.ts) in the use case's transaction, so they commit with the change.
 */
export default fp(
  (app: App, _options, done) => {
    app.decorateRequest('client', {
      getter(this: FastifyRequest): Client {
        const client: Client = {
          ip: this.ip,
          userAgent: String(this.headers['user-agent'] ?? '').slice(0, 500),
        }
        // What a script did with an API token names the token (docs/access.md).
        const token = this.auth?.token
        return token ? { ...client, apiToken: { id: token.id, name: token.name } } : client
      },
    })
    done()
  },
  { name: 'client' },
)
