import fp from 'fastify-plugin'
import Type, { type Static } from 'typebox'
import type { App } from '../app-types'
import { pendingMigrations } from '../db/migrate'

/** How long a readiness probe waits for the database before calling it down. */
const CHECK_TIMEOUT_MS = 3_000

const Status = Type.Union([Type.Literal('UP'), Type.Literal('DOWN')])

/** Keycloak's health answer (https://www.keycloak.org/observability/health). */
const HealthAnswer = Type.Object({
  status: Status,
  checks: Type.Array(
    Type.Object({
      name: Type.String(),
      status: Status,
      data: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    }),
  ),
})
type HealthAnswer = Static<typeof HealthAnswer>
type Check = HealthAnswer['checks'][number]

const withTimeout = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, fail) =>
      setTimeout(() => fail(new Error('timed out')), CHECK_TIMEOUT_MS).unref(),
    ),
  ])

/**
 * GET /healthz (live: the process answers) and GET /readyz (ready: the database answers and has
 * every migration this build ships), outside /v1 and without a session, for load balancers and
 * orchestrators. 200 when UP, 503 when DOWN; while the server shuts down Fastify answers 503.
 */
export default fp(
  (app: App, _options, done) => {
    const schema = {
      tags: ['operations'],
      response: { 200: HealthAnswer, 503: HealthAnswer },
    }

    app.get('/healthz', { schema: { ...schema, summary: 'Liveness' } }, () => {
      return Promise.resolve({ status: 'UP' as const, checks: [] })
    })

    app.get('/readyz', { schema: { ...schema, summary: 'Readiness' } }, async (request, reply) => {
      const checks: Check[] = []
      let pending: number | undefined
      try {
        pending = await withTimeout(pendingMigrations(app.database))
        checks.push({ name: 'database', status: 'UP', data: { kind: app.database.kind } })
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database does not answer')
        checks.push({ name: 'database', status: 'DOWN', data: { kind: app.database.kind } })
      }
      checks.push(
        pending === 0
          ? { name: 'migrations', status: 'UP' }
          : pending === undefined
            ? { name: 'migrations', status: 'DOWN' }
            : { name: 'migrations', status: 'DOWN', data: { pending } },
      )
      const up = checks.every((check) => check.status === 'UP')
      return reply.status(up ? 200 : 503).send({ status: up ? 'UP' : 'DOWN', checks })
    })
    done()
  },
  { name: 'health', dependencies: ['db'] },
)
