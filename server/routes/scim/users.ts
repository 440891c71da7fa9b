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
import { actorOf, type Projection, projector, sendResource } from './reply'
import { resourceRoutes } from './resource'

/** SCIM Users (RFC 7644 §3; docs/scim.md). */
export default function userRoutes(app: App) {
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
    const ctx = useCaseContext(app, request)
    const { rows, total, startIndex } = await listScimUsers(ctx, actorOf(request), query)
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

  resourceRoutes<ScimUserOutcome>(app, {
    path: '/Users',
    summaries: {
      list: 'List or filter users',
      search: 'Search users (a POSTed query)',
      get: 'One user',
      create: 'Provision a user',
      replace: 'Replace a user',
      patch: 'Change a user (PatchOp)',
      remove: 'Deprovision a user: disables it',
    },
    list,
    get: async (ctx, actor, id) => ({
      user: await getScimUser(ctx, actor, id),
      endedSessions: [],
      mails: [],
    }),
    create: createScimUser,
    replace: replaceScimUser,
    patch: patchScimUser,
    async remove(ctx, actor, id, ifMatch) {
      const outcome = await deleteScimUser(ctx, actor, id, ifMatch)
      if (outcome.endedSessions.length > 0) app.eventStreams.end(outcome.endedSessions)
    },
    answer,
  })
}
