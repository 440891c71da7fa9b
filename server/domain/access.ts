import { type BuiltInRoleKey, SCOPABLE_PERMISSIONS } from '../../schema/access'
import { type Permission, Permissions } from '../../schema/permissions'
import type { AccessScopes } from '../../schema/access'

/*
 * The access model's rules without a database (docs/access.md): the built-in roles, a user's
 * effective permissions from their roles and direct grants, and the group scope of a permission.
 */

export interface BuiltInRole {
  name: string
  description: string
  permissions: readonly Permission[]
}

/** The built-in roles: created by migration 0020, kept equal to these at every start. */
export const BUILT_IN_ROLES: Record<BuiltInRoleKey, BuiltInRole> = {
  administrator: {
    name: 'Administrator',
    description: 'Everything: every screen, every change, every permission there is.',
    permissions: Permissions,
  },
  'help-desk': {
    name: 'Help desk',
    description:
      'Find users, change their details, lock, unlock and reset them, and end their sessions; no access changes.',
    permissions: ['users.read', 'users.write', 'sessions.read', 'sessions.revoke'],
  },
  auditor: {
    name: 'Auditor',
    description: 'Read the logs, the users, the sessions and the dashboard; change nothing.',
    permissions: ['logs.read', 'users.read', 'sessions.read', 'dashboard.read'],
  },
  'service-owner': {
    name: 'Service owner',
    description: 'See and change the services that sign in through Gatehouse.',
    permissions: ['services.read', 'services.write'],
  },
  'attribute-editor': {
    name: 'Attribute editor',
    description: 'See and change the attribute trees, their keys and values.',
    permissions: ['attributes.read', 'attributes.write'],
  },
}

export const isScopable = (permission: Permission) => SCOPABLE_PERMISSIONS.includes(permission)

/** One role a user holds, with the role's permissions. */
export interface HeldRole {
  permissions: readonly Permission[]
  groupId: string | null
}

export interface Effective {
  /** Every permission held somewhere, in the list's order. */
  permissions: Permission[]
  /** The ones held only over some groups (permission → sorted group ids). */
  scopes: AccessScopes
}

/**
 * A user's effective access: the union of their direct grants and their roles. A role scoped to a
 * group gives only its scopable permissions (users, sessions, logs), over that group's members; a
 * permission held everywhere somewhere is held everywhere.
 */
export function effectiveAccess(
  direct: readonly Permission[],
  held: readonly HeldRole[],
): Effective {
  const everywhere = new Set<Permission>(direct)
  const scoped = new Map<Permission, Set<string>>()
  for (const role of held) {
    for (const permission of role.permissions) {
      if (role.groupId === null) everywhere.add(permission)
      else if (isScopable(permission)) {
        const set = scoped.get(permission) ?? new Set<string>()
        set.add(role.groupId)
        scoped.set(permission, set)
      }
    }
  }
  const scopes: AccessScopes = {}
  for (const [permission, set] of scoped)
    if (!everywhere.has(permission)) scopes[permission] = [...set].sort()
  return {
    permissions: Permissions.filter((p) => everywhere.has(p) || scopes[p] !== undefined),
    scopes,
  }
}

/** Whoever holds access: the users row's effective columns, or a token's narrowed copy. */
export interface Holder {
  permissions: readonly Permission[]
  scopes: AccessScopes
}

/**
 * Where `holder` holds `permission`: 'everywhere', the groups it is held over, or null (not at
 * all).
 */
export function scopeOf(
  holder: Holder,
  permission: Permission,
): 'everywhere' | readonly string[] | null {
  if (!holder.permissions.includes(permission)) return null
  return holder.scopes[permission] ?? 'everywhere'
}

/** True when `holder` holds `permission` everywhere, over every user. */
export const holdsEverywhere = (holder: Holder, permission: Permission) =>
  scopeOf(holder, permission) === 'everywhere'

/**
 * What `ceiling` allows of `wanted`: the permissions both hold, each over the groups both hold it
 * over (a token never does more than its creator). `group` narrows every scopable permission to
 * one group; the other permissions need no scope and stay as they are.
 */
export function narrowAccess(ceiling: Holder, wanted: Effective, group: string | null): Effective {
  const permissions: Permission[] = []
  const scopes: AccessScopes = {}
  for (const permission of wanted.permissions) {
    const limit = scopeOf(ceiling, permission)
    if (limit === null) continue
    let groups: readonly string[] | 'everywhere' = wanted.scopes[permission] ?? 'everywhere'
    if (limit !== 'everywhere')
      groups = groups === 'everywhere' ? limit : groups.filter((g) => limit.includes(g))
    if (group !== null && isScopable(permission))
      groups = groups === 'everywhere' ? [group] : groups.filter((g) => g === group)
    if (group !== null && !isScopable(permission)) {
      // A token for one group's users carries nothing beyond them.
      continue
    }
    if (groups !== 'everywhere' && groups.length === 0) continue
    permissions.push(permission)
    if (groups !== 'everywhere') scopes[permission] = [...groups]
  }
  return { permissions, scopes }
}

/**
 * May `actor` give `grant` (a role's permissions, held everywhere or over `groupId`)? Only with
 * each of them held at least as widely: nobody hands out more than they hold.
 */
export function mayGrant(
  actor: Holder,
  grant: readonly Permission[],
  groupId: string | null,
): boolean {
  return grant.every((permission) => {
    if (groupId !== null && !isScopable(permission)) return true // a scoped role does not give it
    const scope = scopeOf(actor, permission)
    if (scope === null) return false
    if (scope === 'everywhere') return true
    return groupId !== null && scope.includes(groupId)
  })
}
