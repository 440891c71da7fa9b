import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import Type from 'typebox'
import type { App } from '../app-types'
import { type AuditEntry, observeAudit } from '../repos/audit'
import { countLiveSessions, countOutbox } from '../repos/operations'

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics registry, when metrics are on (METRICS_ENABLED or METRICS_PORT). */
    metrics?: { registry: Registry; port?: number }
  }
}

/** A reason as a label value: lower case words joined by `_`, as Keycloak's error labels are. */
const labelText = (value: unknown): string =>
  typeof value === 'string'
    ? value
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '')
        .slice(0, 64)
    : ''

/** `gatehouse_user_events_total`'s labels for one audit row. */
export function userEventLabels(entry: AuditEntry) {
  const detail = entry.detail ?? {}
  return {
    event: entry.action,
    outcome: entry.outcome,
    error: entry.outcome === 'success' ? '' : labelText(detail.reason ?? detail.error) || 'unknown',
    client_id: typeof detail.serviceKey === 'string' ? detail.serviceKey.slice(0, 64) : '',
  }
}

/** Builds the app's registry and its metrics (docs/metrics.md lists every one). */
function buildMetrics(app: App) {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })

  const userEvents = new Counter({
    name: 'gatehouse_user_events_total',
    help: 'Audited user events (sign-ins, codes, resets, staff changes, OpenID Connect) by event, outcome, error and client',
    labelNames: ['event', 'outcome', 'error', 'client_id'],
    registers,
  })
  const unobserve = observeAudit((entry) => userEvents.inc(userEventLabels(entry)))

  const duration = new Histogram({
    name: 'gatehouse_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route as declared, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })

  const syncRows = new Counter({
    name: 'gatehouse_sync_rows_total',
    help: 'Rows (entities and tombstones) served by POST /v1/sync/:collection, by collection',
    labelNames: ['collection'],
    registers,
  })

  const warn = (error: unknown) => app.log.warn({ err: error }, 'metrics: a count failed')
  new Gauge({
    name: 'gatehouse_sessions',
    help: 'Console sessions that have not expired (all processes on the database)',
    registers,
    async collect() {
      this.reset()
      await countLiveSessions(app.db).then((n) => this.set(n), warn)
    },
  })
  new Gauge({
    name: 'gatehouse_outbox_messages',
    help: 'Outbox messages by channel and status: pending is the queue depth, failed gave up',
    labelNames: ['channel', 'status'],
    registers,
    async collect() {
      this.reset()
      const rows = await countOutbox(app.db).catch(warn)
      for (const row of rows ?? []) this.set({ channel: row.channel, status: row.status }, row.n)
    },
  })
  new Gauge({
    name: 'gatehouse_outbox_retrying',
    help: 'Pending outbox messages whose delivery failed at least once, by channel',
    labelNames: ['channel'],
    registers,
    async collect() {
      this.reset()
      const rows = await countOutbox(app.db).catch(warn)
      for (const row of rows ?? [])
        if (row.status === 'pending') this.inc({ channel: row.channel }, row.retrying)
    },
  })

  return { registry, duration, syncRows, unobserve }
}

/**
 * Prometheus metrics (prom-client), off unless METRICS_ENABLED (GET /metrics on the main port) or
 * METRICS_PORT (its own listener, and not on the main port). One registry per app.
 */
export default fp(
  (app: App, _options, done) => {
    const { metricsEnabled, metricsPort, host } = app.config
    if (!metricsEnabled && metricsPort === undefined) return done()
    const { registry, duration, syncRows, unobserve } = buildMetrics(app)
    app.decorate('metrics', { registry })

    app.addHook('onResponse', (request, reply, done) => {
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      )
      done()
    })

    app.addHook('preSerialization', (request, _reply, payload, done) => {
      const url = request.routeOptions.url ?? ''
      const nodes = (payload as { results?: { nodes?: unknown } } | null)?.results?.nodes
      if (url.startsWith('/v1/sync/') && !url.includes(':') && Array.isArray(nodes))
        syncRows.inc({ collection: url.slice('/v1/sync/'.length) }, nodes.length)
      done(null, payload)
    })

    const exposition = async () => ({
      contentType: registry.contentType,
      body: await registry.metrics(),
    })

    if (metricsPort === undefined) {
      app.get(
        '/metrics',
        {
          schema: {
            tags: ['operations'],
            summary: 'Prometheus metrics (METRICS_ENABLED)',
            produces: ['text/plain'],
            response: { 200: Type.String() },
          },
        },
        async (_request, reply) => {
          const { contentType, body } = await exposition()
          return reply
            .header('content-type', contentType)
            .header('cache-control', 'no-store')
            .send(body)
        },
      )
    } else {
      let server: Server | undefined
      app.addHook('onReady', async () => {
        server = createServer((request, response) => {
          const path = (request.url ?? '').split('?')[0]
          if (request.method !== 'GET' || path !== '/metrics') {
            response
              .writeHead(404, { 'content-type': 'text/plain' })
              .end('Not found: GET /metrics\n')
            return
          }
          exposition().then(
            ({ contentType, body }) =>
              response
                .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
                .end(body),
            (error: unknown) => {
              app.log.error({ err: error }, 'metrics: exposition failed')
              response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n')
            },
          )
        })
        await new Promise<void>((resolve, reject) => {
          server!.once('error', reject)
          server!.listen(metricsPort, host, () => resolve())
        })
        app.metrics!.port = (server.address() as AddressInfo).port
      })
      app.addHook('onClose', async () => {
        if (!server?.listening) return
        server.closeAllConnections()
        await new Promise<void>((resolve) => server!.close(() => resolve()))
      })
    }
    app.addHook('onClose', (_instance, closed) => {
      unobserve()
      closed()
    })
    done()
  },
  { name: 'metrics', dependencies: ['db'] },
)
