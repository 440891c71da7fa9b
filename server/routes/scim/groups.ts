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
  membersOfGroups,
  patchScimGroup,
  replaceScimGroup,
} from '../../use-cases/scim-groups'
import { scimBase } from '../../use-cases/scim-users'
import { useCaseContext } from '../context'
import { actorOf, type Projection, projector, sendResource } from './reply'
import { resourceRoutes } from './resource'

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

  // A page's members come in one query for all its groups, not one per group.
  async function list(request: FastifyRequest, reply: FastifyReply, query: ListQuery & Projection) {
    const actor = actorOf(request)
    const { rows, total, startIndex } = await listScimGroups(ctxOf(request), actor, query)
    const base = scimBase(app)
    const { wants, apply } = projector(query)
    const members = wants('members')
      ? await membersOfGroups(
          ctxOf(request),
          actor,
          rows.map((row) => row.id),
        )
      : undefined
    const resources = rows.map((row) => {
      const listed = members?.get(row.id)?.map((m) => toScimMember(m, base))
      return apply(toScimGroup(row, row.members, listed, base))
    })
    return reply.send(toListResponse(resources, total, startIndex))
  }

  resourceRoutes<GroupWithCount>(app, {
    path: '/Groups',
    summaries: {
      list: 'List or filter groups',
      search: 'Search groups (a POSTed query)',
      get: 'One group',
      create: 'Create a group',
      replace: 'Replace a group and its members',
      patch: 'Rename a group or change its members (PatchOp)',
      remove: 'Delete a group',
    },
    list,
    get: getScimGroup,
    create: createScimGroup,
    replace: replaceScimGroup,
    patch: patchScimGroup,
    remove: deleteScimGroup,
    answer,
  })
}
