import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../app-types'
import type { UserRow } from '../../db/schema/users'
import type { ListQuery } from '../../use-cases/scim-common'
import type { UseCaseContext } from '../../use-cases/context'
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
  SCIM_DOC,
  searchQuery,
} from './reply'

type Ctx = UseCaseContext

/** What one SCIM resource type (Users, Groups) does; `resourceRoutes` gives it its seven routes. */
export interface ScimResource<Outcome> {
  path: '/Users' | '/Groups'
  /** The OpenAPI summaries of list, search, get, create, replace, patch and remove. */
  summaries: Record<'list' | 'search' | 'get' | 'create' | 'replace' | 'patch' | 'remove', string>
  list: (request: FastifyRequest, reply: FastifyReply, query: ListQuery & Projection) => unknown
  get: (ctx: Ctx, actor: UserRow, id: string) => Promise<Outcome>
  create: (ctx: Ctx, actor: UserRow, body: unknown) => Promise<Outcome>
  replace: (
    ctx: Ctx,
    actor: UserRow,
    id: string,
    body: unknown,
    ifMatch?: string,
  ) => Promise<Outcome>
  patch: (ctx: Ctx, actor: UserRow, id: string, body: unknown, ifMatch?: string) => Promise<Outcome>
  remove: (ctx: Ctx, actor: UserRow, id: string, ifMatch?: string) => Promise<void>
  /** The single resource's answer (ETag, projection) after a read or a change. */
  answer: (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: Outcome,
    projection: Projection,
    status?: number,
  ) => Promise<unknown>
}

/**
 * The routes RFC 7644 §3 gives every resource type: list, `.search`, one, create (201), replace,
 * patch, delete (204). Bodies are `AnyBody` (the use cases answer SCIM's own 400s).
 */
export function resourceRoutes<Outcome>(app: App, resource: ScimResource<Outcome>) {
  const { path, summaries: words } = resource
  const ctxOf = (request: FastifyRequest) => useCaseContext(app, request)
  const one = `${path}/:id`

  app.get(
    path,
    { schema: { ...SCIM_DOC, summary: words.list, querystring: ListQuerystring } },
    (request, reply) => resource.list(request, reply, request.query),
  )
  app.post(
    `${path}/.search`,
    { bodyLimit, schema: { ...SCIM_DOC, summary: words.search, body: AnyBody } },
    (request, reply) => resource.list(request, reply, searchQuery(request.body)),
  )
  app.get(
    one,
    {
      schema: {
        ...SCIM_DOC,
        summary: words.get,
        params: IdParams,
        querystring: ProjectionQuerystring,
      },
    },
    async (request, reply) =>
      resource.answer(
        request,
        reply,
        await resource.get(ctxOf(request), actorOf(request), request.params.id),
        request.query,
      ),
  )
  app.post(
    path,
    {
      bodyLimit,
      schema: {
        ...SCIM_DOC,
        summary: words.create,
        querystring: ProjectionQuerystring,
        body: AnyBody,
      },
    },
    async (request, reply) =>
      resource.answer(
        request,
        reply,
        await resource.create(ctxOf(request), actorOf(request), request.body),
        request.query,
        201,
      ),
  )
  for (const [method, change, summary] of [
    ['PUT', resource.replace, words.replace],
    ['PATCH', resource.patch, words.patch],
  ] as const)
    app.route({
      method,
      url: one,
      bodyLimit,
      schema: {
        ...SCIM_DOC,
        summary,
        params: IdParams,
        querystring: ProjectionQuerystring,
        body: AnyBody,
      },
      handler: async (request, reply) =>
        resource.answer(
          request,
          reply,
          await change(
            ctxOf(request),
            actorOf(request),
            request.params.id,
            request.body,
            ifMatch(request),
          ),
          request.query,
        ),
    })
  app.delete(
    one,
    { schema: { ...SCIM_DOC, summary: words.remove, params: IdParams } },
    async (request, reply) => {
      await resource.remove(ctxOf(request), actorOf(request), request.params.id, ifMatch(request))
      return reply.status(204).send()
    },
  )
}
