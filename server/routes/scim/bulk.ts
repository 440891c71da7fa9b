import { SCIM_LIMITS } from '../../../schema/scim'
import type { App } from '../../app-types'
import { bulkResponse, runScimBulk } from '../../use-cases/scim-bulk'
import { useCaseContext } from '../context'
import { actorOf, AnyBody, SCIM_DOC } from './reply'

/** POST /Bulk (RFC 7644 §3.7; docs/scim.md): up to 1,000 operations, each on its own. */
export default function bulkRoutes(app: App) {
  app.post(
    '/Bulk',
    {
      bodyLimit: SCIM_LIMITS.bulkPayload,
      // A bulk body nests no deeper than any other SCIM body.
      schema: { ...SCIM_DOC, summary: 'Many operations in one request', body: AnyBody },
    },
    async (request, reply) => {
      const outcome = await runScimBulk(
        useCaseContext(app, request),
        actorOf(request),
        request.body,
      )
      if (outcome.endedSessions.length > 0) app.eventStreams.end(outcome.endedSessions)
      if (outcome.mails.length > 0) await request.outbox.deliverNow(outcome.mails)
      return reply.send(bulkResponse(outcome.results))
    },
  )
}
