import type { FastifyReply, FastifyRequest } from 'fastify'
import Type from 'typebox'
import { SCIM_LIMITS } from '../../../schema/scim'
import type { UserRow } from '../../db/schema/users'
import { ScimError } from '../../domain/scim-errors'
import { attributeList, project } from '../../presenters/scim'

/** What SCIM routes share: the actor, the answer of one resource, projections, schemas. */

/** The token's access (routes/scim/index.ts authenticated it before any handler). */
export function actorOf(request: FastifyRequest): UserRow {
  const user = request.auth?.user
  if (!user) throw new ScimError(401, 'SCIM needs an API token.')
  return user
}

export const ifMatch = (request: FastifyRequest): string | undefined => {
  const value = request.headers['if-match']
  return typeof value === 'string' ? value : undefined
}

/** `attributes` / `excludedAttributes` of a query string or a .search body. */
export interface Projection {
  attributes?: string | string[]
  excludedAttributes?: string | string[]
}

const names = (value: string | string[] | undefined) =>
  attributeList(Array.isArray(value) ? value.join(',') : value)

export function projector(projection: Projection) {
  const attributes = names(projection.attributes)
  const excluded = names(projection.excludedAttributes)
  return {
    /** True unless the client left `name` out (so its query can be skipped). */
    wants: (name: string) =>
      attributes.length > 0
        ? attributes.some((a) => a === name || a.startsWith(`${name}.`))
        : !excluded.includes(name),
    apply: <T extends object>(resource: T) => project(resource, attributes, excluded),
  }
}

/**
 * One resource with its ETag (and Location when created); a GET whose If-None-Match names the
 * current version is answered 304 without a body.
 */
export function sendResource(
  request: FastifyRequest,
  reply: FastifyReply,
  resource: object,
  meta: { version: string; location: string },
  status = 200,
) {
  void reply.header('etag', meta.version)
  if (status === 201) void reply.header('location', meta.location)
  const none = request.headers['if-none-match']
  if (
    request.method === 'GET' &&
    typeof none === 'string' &&
    none
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === meta.version.replace(/^W\//, ''))
  )
    return reply.status(304).send()
  return reply.status(status).send(resource)
}

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }))

/** The list query of RFC 7644 §3.4.2; numbers arrive as text and are judged by the use case. */
export const ListQuerystring = Type.Object({
  filter: Text(4000),
  startIndex: Text(20),
  count: Text(20),
  sortBy: Text(200),
  sortOrder: Text(20),
  attributes: Text(2000),
  excludedAttributes: Text(2000),
})

export const ProjectionQuerystring = Type.Object({
  attributes: Text(2000),
  excludedAttributes: Text(2000),
})

export const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) })

/** Bodies are judged by the use cases, which answer SCIM's own 400s. */
export const AnyBody = Type.Unknown()

/** The POST /.search body (RFC 7644 §3.4.3). */
export function searchQuery(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimError(400, 'The body must be a SearchRequest object.', 'invalidSyntax')
  const b = body as Record<string, unknown>
  const text = (name: string) => {
    const value = b[name]
    if (value === undefined || value === null) return undefined
    if (typeof value === 'string' || typeof value === 'number') return value
    throw new ScimError(400, `${name} must be a string or number.`, 'invalidValue')
  }
  const list = (name: string) => {
    const value = b[name]
    if (value === undefined || value === null) return undefined
    if (typeof value === 'string') return value
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value
    throw new ScimError(400, `${name} must be a list of attribute names.`, 'invalidValue')
  }
  const filter = text('filter')
  return {
    filter: filter === undefined ? undefined : String(filter),
    startIndex: text('startIndex'),
    count: text('count'),
    sortBy: text('sortBy') === undefined ? undefined : String(text('sortBy')),
    sortOrder: text('sortOrder') === undefined ? undefined : String(text('sortOrder')),
    attributes: list('attributes'),
    excludedAttributes: list('excludedAttributes'),
  }
}

export const bodyLimit = SCIM_LIMITS.payload

/**
 * What the OpenAPI document says of every SCIM route: its tag, and the bearer token as its only
 * credential. Answers are application/scim+json as RFC 7644 defines them, not the envelope.
 */
export const SCIM_DOC = {
  tags: ['scim'],
  security: [{ bearer: [] }],
  description:
    'SCIM 2.0 (RFC 7644): answers application/scim+json, errors in SCIM’s error schema (docs/scim.md).',
}
