import { randomBytes } from 'node:crypto'
import type { Permission } from '../../schema/permissions'
import { SCIM_LIMITS } from '../../schema/scim'
import type { UserRow } from '../db/schema/users'
import { passwords } from '../domain/passwords'
import { ScimError } from '../domain/scim-errors'

/*
 * What the SCIM use cases share (docs/scim.md): paging, versions, and the password a provisioned
 * user starts with.
 */

/** Ids are UUIDs; anything else names no resource (404, never a database error). */
export const isId = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)

export interface ListQuery {
  filter?: string
  startIndex?: string | number
  count?: string | number
  sortBy?: string
  sortOrder?: string
}

/** RFC 7644 §3.4.2.4: startIndex below 1 is 1; a negative count is 0; count is capped. */
export function paging(query: ListQuery): { startIndex: number; count: number } {
  const number = (value: string | number | undefined, name: string) => {
    if (value === undefined || value === '') return undefined
    const parsed = Number(value)
    if (!Number.isInteger(parsed))
      throw new ScimError(400, `${name} must be an integer.`, 'invalidValue')
    return parsed
  }
  const startIndex = Math.max(1, number(query.startIndex, 'startIndex') ?? 1)
  const count = Math.min(
    SCIM_LIMITS.maxResults,
    Math.max(0, number(query.count, 'count') ?? SCIM_LIMITS.defaultCount),
  )
  return { startIndex, count }
}

/**
 * `If-Match` (RFC 7644 §3.14, RFC 9110 §13.1.1): a list of ETags or `*`; weak comparison, as
 * the versions are weak. 412 when the resource has moved on.
 */
export function assertVersion(ifMatch: string | undefined, version: string) {
  if (ifMatch === undefined) return
  const wanted = ifMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
  if (wanted.includes('*') || wanted.includes(version.replace(/^W\//, ''))) return
  throw new ScimError(
    412,
    `The resource has changed (its version is now ${version}); read it again and retry.`,
  )
}

let unusable: Promise<string> | undefined

/**
 * The password hash of provisioned users: a hash of random bytes nobody kept, made once per
 * process, so provisioning costs no argon2 per user while a sign-in with such an account still
 * costs one verification, as any other (docs/scim.md). They choose a password through an
 * invitation or a reset link.
 */
export function unusablePasswordHash(): Promise<string> {
  unusable ??= passwords.hash(randomBytes(32).toString('base64url'))
  return unusable
}

/** Provisioning users takes users.write over every user (a group-scoped holder is refused). */
export function assertUsersWrite(actor: Pick<UserRow, 'permissions' | 'scopes'>) {
  if (!actor.permissions.includes('users.write'))
    throw new ScimError(403, 'SCIM needs a token with the users.write permission.')
  if (actor.scopes['users.write'])
    throw new ScimError(
      403,
      'SCIM needs users.write over all users; this token holds it for some groups only.',
    )
}

/** 403 unless the actor holds one of the permissions (everywhere or over some groups). */
export function assertAny(
  actor: Pick<UserRow, 'permissions'>,
  permissions: readonly Permission[],
  what: string,
) {
  if (!permissions.some((p) => actor.permissions.includes(p)))
    throw new ScimError(403, `${what} needs the ${permissions.join(' or ')} permission.`)
}
