import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { App } from '../app-types'
import type { Db } from '../db/types'
import { type AuditEntry, type Client, recordAudit } from '../repos/audit'

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the request came from, as the audit log and the sessions list record it. */
    readonly client: Client
  }
  interface FastifyInstance {
    /**
     * Writes an audit row for this request (ip, user agent, and the signed-in user as actor unless
     * the entry names one). Pass the transaction so the row commits with the change it describes.
     */
    audit(request: FastifyRequest, entry: AuditEntry, db?: Db): Promise<void>
  }
}

export default fp(
  (app: App, _options, done) => {
    app.decorateRequest('client', {
      getter(this: FastifyRequest): Client {
        return { ip: this.ip, userAgent: String(this.headers['user-agent'] ?? '').slice(0, 500) }
      },
    })
    app.decorate('audit', async (request: FastifyRequest, entry: AuditEntry, db?: Db) => {
      const actorUserId = entry.actorUserId ?? request.auth?.user.id ?? null
      await recordAudit(db ?? app.db, request.client, { ...entry, actorUserId })
    })
    done()
  },
  { name: 'audit', dependencies: ['db', 'session-guard'] },
)
