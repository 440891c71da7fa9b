import { Readable } from 'node:stream'
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { Success } from '../../../schema/envelope'
import { LogsCsvQuery, LogsQuery, LogsResults } from '../../../schema/logs'
import { listLogs, logsCsv } from '../../use-cases/logs'
import { failures, useCaseContext } from '../context'
import logReplayRoutes from './replay'

/**
 * GET /v1/logs (one page of the audit log, newest first) and GET /v1/logs.csv (everything the same
 * filters match, streamed); both take logs.read, checked before validation (docs/logs.md).
 */
const logsRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const read = app.requirePermission('logs.read')

  app.get(
    '/v1/logs',
    {
      preValidation: read,
      schema: { querystring: LogsQuery, response: { 200: Success(LogsResults), ...failures } },
    },
    async (request) => {
      const results = await listLogs(
        useCaseContext(app, request),
        request.auth!.user,
        request.query,
      )
      return { success: true as const, results }
    },
  )

  app.get(
    '/v1/logs.csv',
    {
      preValidation: read,
      schema: {
        querystring: LogsCsvQuery,
        response: {
          // A stream is sent as it is; the schema only documents the answer.
          200: Type.Unsafe<Readable>({ type: 'string', description: 'text/csv' }),
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const chunks = logsCsv(useCaseContext(app, request), request.auth!.user, request.query)
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gatehouse-logs-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks))
    },
  )
  void app.register(logReplayRoutes)
  done()
}

export default logsRoutes
