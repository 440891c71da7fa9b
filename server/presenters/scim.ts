import {
  SCIM_SCHEMAS,
  type ScimGroupResource,
  type ScimListResponse,
  type ScimMember,
  type ScimUserResource,
} from '../../schema/scim'
import type { GroupRow } from '../db/schema/access'
import type { UserRow } from '../db/schema/users'

/*
 * Rows → SCIM resources (RFC 7643; docs/scim.md has the mapping). `base` is PUBLIC_URL + /scim/v2.
 */

/** A user's weak ETag: its row's revision, which every change to the row moves. */
export const userVersion = (row: Pick<UserRow, 'rev'>) => `W/"${row.rev}"`

/**
 * A group's weak ETag: its last change and its member count (groups have no revision; SCIM's
 * own membership changes move updated_at too).
 */
export const groupVersion = (row: Pick<GroupRow, 'updatedAt'>, members: number) =>
  `W/"${row.updatedAt.getTime()}-${members}"`

export function toScimUser(row: UserRow, base: string): ScimUserResource {
  const formatted = `${row.nameFirst} ${row.nameLast}`.trim()
  return {
    schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.gatehouseUser],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: { givenName: row.nameFirst, familyName: row.nameLast, formatted },
    displayName: formatted,
    emails: [{ value: row.email, type: 'work', primary: true }],
    ...(row.phone ? { phoneNumbers: [{ value: row.phone, type: 'mobile' as const }] } : {}),
    active: row.disabledAt === null,
    userType: row.type,
    [SCIM_SCHEMAS.gatehouseUser]: { userType: row.type },
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${base}/Users/${row.id}`,
      version: userVersion(row),
    },
  }
}

export function toScimMember(
  user: Pick<UserRow, 'id' | 'nameFirst' | 'nameLast'>,
  base: string,
): ScimMember {
  return {
    value: user.id,
    display: `${user.nameFirst} ${user.nameLast}`.trim(),
    $ref: `${base}/Users/${user.id}`,
  }
}

/** A group; `members` undefined when they were not asked for (excludedAttributes=members). */
export function toScimGroup(
  row: GroupRow,
  memberCount: number,
  members: ScimMember[] | undefined,
  base: string,
): ScimGroupResource {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.name,
    ...(members ? { members } : {}),
    meta: {
      resourceType: 'Group',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${base}/Groups/${row.id}`,
      version: groupVersion(row, memberCount),
    },
  }
}

export function toListResponse<T>(
  resources: T[],
  totalResults: number,
  startIndex: number,
): ScimListResponse<T> {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  }
}

/** Attribute names as a client lists them: lowercased, without the core schema's URN. */
export function attributeList(text: string | undefined): string[] {
  if (!text) return []
  return text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .map((name) =>
      name.startsWith(`${SCIM_SCHEMAS.user.toLowerCase()}:`) ||
      name.startsWith(`${SCIM_SCHEMAS.group.toLowerCase()}:`)
        ? name.slice(name.lastIndexOf(':') + 1)
        : name,
    )
}

// Always returned (RFC 7643 §7 "returned: always").
const ALWAYS = new Set(['id', 'schemas'])

/**
 * The resource with only the `attributes` asked for, or without the `excluded` ones (RFC 7644
 * §3.9): top-level names and one level of sub-attributes (`name.givenName`); `id` stays.
 */
export function project<T extends object>(
  resource: T,
  attributes: readonly string[],
  excluded: readonly string[],
): Partial<T> {
  const entries = Object.entries(resource)
  if (attributes.length > 0) {
    const kept: Record<string, unknown> = {}
    for (const [key, value] of entries) {
      const lower = key.toLowerCase()
      if (ALWAYS.has(lower) || attributes.includes(lower)) kept[key] = value
      else {
        const subs = attributes.filter((a) => a.startsWith(`${lower}.`))
        if (subs.length > 0 && value && typeof value === 'object' && !Array.isArray(value))
          kept[key] = Object.fromEntries(
            Object.entries(value as Record<string, unknown>).filter(([sub]) =>
              subs.includes(`${lower}.${sub.toLowerCase()}`),
            ),
          )
      }
    }
    return kept as Partial<T>
  }
  if (excluded.length === 0) return resource
  return Object.fromEntries(
    entries.filter(
      ([key]) => ALWAYS.has(key.toLowerCase()) || !excluded.includes(key.toLowerCase()),
    ),
  ) as Partial<T>
}
