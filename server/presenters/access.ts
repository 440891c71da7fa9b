import type { Group, Role } from '../../schema/access'
import type { GroupRow, RoleRow } from '../db/schema/access'

/** A role as the API answers it, with how many users hold it. */
export const toRole = (role: RoleRow & { holders: number }): Role => ({
  id: role.id,
  builtIn: role.builtIn,
  name: role.name,
  description: role.description,
  permissions: role.permissions,
  holders: role.holders,
  createdAt: role.createdAt.toISOString(),
  updatedAt: role.updatedAt.toISOString(),
})

/** A group as the API answers it, with how many members it has. */
export const toGroup = (group: GroupRow & { members: number }): Group => ({
  id: group.id,
  name: group.name,
  description: group.description,
  members: group.members,
  createdAt: group.createdAt.toISOString(),
  updatedAt: group.updatedAt.toISOString(),
})
