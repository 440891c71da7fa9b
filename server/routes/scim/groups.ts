import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../app-types'
import type { UserRow } from '../../db/schema/users'
import { toListResponse, toScimGroup, toScimMember } from '../../presenters/scim'
import type { ListQuery } from '../../use-cases/scim-common'
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  type GroupWithCount,
  listScimGroups,
  membersOf,
  patchScimGroup,
  replaceScimGroup,
} from '../../use-cases/scim-groups'
import { scimBase } from '../../use-cases/scim-users'
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

/** SCIM Groups (RFC 7644 §3; docs/scim.md): the access model's groups. */
export default function groupRoutes(app: App) {
  const ctxOf = (request: FastifyRequest) => useCaseContext(app, request)

  /** The group as SCIM shows it; its members only when the client wants them. */
  async function present(
    request: FastifyRequest,
    actor: UserRow,
    group: GroupWithCount,
    projection: Projection,
  ) {
    const base = scimBase(app)
    const { wants, apply } = projector(projection)
    const members = wants('members')
      ? (await membersOf(ctxOf(request), actor, group.id)).map((m) => toScimMember(m, base))
      : undefined
    const resource = toScimGroup(group, group.members, members, base)
    return { resource, projected: apply(resource) }
  }

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    group: GroupWithCount,
    projection: Projection,
    status = 200,
  ) {
    const { resource, projected } = await present(request, actorOf(request), group, projection)
    return sendResource(request, reply, projected, resource.meta, status)
  }

  async function list(request: FastifyRequest, reply: FastifyReply, query: ListQuery & Projection) {
    const actor = actorOf(request)
    const { rows, total, startIndex } = await listScimGroups(ctxOf(request), actor, query)
    const resources = []
    for (const row of rows) resources.push((await present(request, actor, row, query)).projected)
    return reply.send(toListResponse(resources, total, startIndex))
  }

  app.get(
    '/Groups',
    { schema: { ...doc, summary: 'List or filter groups', querystring: ListQuerystring } },
    (request, reply) => list(request, reply, request.query),
  )

  app.post(
    '/Groups/.search',
    { bodyLimit, schema: { ...doc, summary: 'Search groups (a POSTed query)', body: AnyBody } },
    (request, reply) => list(request, reply, searchQuery(request.body)),
  )

  app.get(
    '/Groups/:id',
    {
      schema: {
        ...doc,
        summary: 'One group',
        params: IdParams,
        querystring: ProjectionQuerystring,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await getScimGroup(ctxOf(request), actorOf(request), request.params.id),
        request.query,
      ),
  )

  app.post(
    '/Groups',
    {
      bodyLimit,
      schema: {
        ...doc,
        summary: 'Create a group',
        querystring: ProjectionQuerystring,
        body: AnyBody,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await createScimGroup(ctxOf(request), actorOf(request), request.body),
        request.query,
        201,
      ),
  )

  app.put(
    '/Groups/:id',
    {
      bodyLimit,
      schema: {
        ...doc,
        summary: 'Replace a group and its members',
        params: IdParams,
        querystring: ProjectionQuerystring,
        body: AnyBody,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await replaceScimGroup(
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
    '/Groups/:id',
    {
      bodyLimit,
      schema: {
        ...doc,
        summary: 'Rename a group or change its members (PatchOp)',
        params: IdParams,
        querystring: ProjectionQuerystring,
        body: AnyBody,
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await patchScimGroup(
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
    '/Groups/:id',
    { schema: { ...doc, summary: 'Delete a group', params: IdParams } },
    async (request, reply) => {
      await deleteScimGroup(ctxOf(request), actorOf(request), request.params.id, ifMatch(request))
      return reply.status(204).send()
    },
  )
}
