import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../app-types'
import { toListResponse, toScimUser } from '../../presenters/scim'
import type { ListQuery } from '../../use-cases/scim-common'
import { createScimUser } from '../../use-cases/scim-user-create'
import {
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  scimBase,
  type ScimUserOutcome,
} from '../../use-cases/scim-users'
import { useCaseContext } from '../context'
import {
  actorOf,
  AnyBody,
  bodyLimit,
  IdParams,
  ifMatch,
  ListQuerystring,
  type Projection,
  ProjectionQuerystring,
  projector,
  searchQuery,
  sendResource,
} from './reply'
import { SCIM_DOC } from './reply'

const doc = SCIM_DOC

/** SCIM Users (RFC 7644 §3; docs/scim.md). */
export default function userRoutes(app: App) {
  const ctxOf = (request: FastifyRequest) => useCaseContext(app, request)

  /** After a change: end the streams of sessions it ended, send its mail, answer the user. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: ScimUserOutcome,
    projection: Projection,
    status = 200,
  ) {
    if (outcome.endedSessions.length > 0) app.eventStreams.end(outcome.endedSessions)
    if (outcome.mails.length > 0) await request.outbox.deliverNow(outcome.mails)
    const resource = toScimUser(outcome.user, scimBase(app))
    return sendResource(
      request,
      reply,
      projector(projection).apply(resource),
      resource.meta,
      status,
    )
  }

  async function list(request: FastifyRequest, reply: FastifyReply, query: ListQuery & Projection) {
    const { rows, total, startIndex } = await listScimUsers(ctxOf(request), actorOf(request), query)
    const { apply } = projector(query)
    const base = scimBase(app)
    return reply.send(
      toListResponse(
        rows.map((row) => apply(toScimUser(row, base))),
        total,
        startIndex,
      ),
    )
  }

  app.get(
    '/Users',
    { schema: { ...doc, summary: 'List or filter users', querystring: ListQuerystring } },
    (request, reply) => list(request, reply, request.query),
  )

  app.post(
    '/Users/.search',
    { bodyLimit, schema: { ...doc, summary: 'Search users (a POSTed query)', body: AnyBody } },
    (request, reply) => list(request, reply, searchQuery(request.body)),
  )

  app.get(
    '/Users/:id',
    {
      schema: { ...doc, summary: 'One user', params: IdParams, querystring: ProjectionQuerystring },
    },
    async (request, reply) => {
      const row = await getScimUser(ctxOf(request), actorOf(request), request.params.id)
      const resource = toScimUser(row, scimBase(app))
      return sendResource(request, reply, projector(request.query).apply(resource), resource.meta)
    },
  )

  app.post(
    '/Users',
    {
      bodyLimit,
      schema: {
        ...doc,
        summary: 'Provision a user',
        querystring: ProjectionQuerystring,
        body: AnyBody,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await createScimUser(ctxOf(request), actorOf(request), request.body),
        request.query,
        201,
      ),
  )

  app.put(
    '/Users/:id',
    {
      bodyLimit,
      schema: {
        ...doc,
        summary: 'Replace a user',
        params: IdParams,
        querystring: ProjectionQuerystring,
        body: AnyBody,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await replaceScimUser(
          ctxOf(request),
          actorOf(request),
          request.params.id,
          request.body,
          ifMatch(request),
        ),
        request.query,
      ),
  )

  app.patch(
    '/Users/:id',
    {
      bodyLimit,
      schema: {
        ...doc,
        summary: 'Change a user (PatchOp)',
        params: IdParams,
        querystring: ProjectionQuerystring,
        body: AnyBody,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await patchScimUser(
          ctxOf(request),
          actorOf(request),
          request.params.id,
          request.body,
          ifMatch(request),
        ),
        request.query,
      ),
  )

  app.delete(
    '/Users/:id',
    { schema: { ...doc, summary: 'Deprovision a user: disables it', params: IdParams } },
    async (request, reply) => {
      const outcome = await deleteScimUser(
        ctxOf(request),
        actorOf(request),
        request.params.id,
        ifMatch(request),
      )
      if (outcome.endedSessions.length > 0) app.eventStreams.end(outcome.endedSessions)
      return reply.status(204).send()
    },
  )
}
