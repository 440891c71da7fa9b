import type { Static } from 'typebox'
import { LiteralUnion } from './common'

/** Every permission the server checks (DESIGN.md §4). The console's guards only hide what would be refused. */
export const Permissions = [
  'users.read',
  'users.write',
  'sessions.read',
  'sessions.revoke',
  'services.read',
  'services.write',
  'logs.read',
  'attributes.read',
  'attributes.write',
  'queue.read',
  'dashboard.read',
  // Queue actions (retry now, cancel); INTERNAL staff only, like queue.read.
  'queue.write',
  // The Flows page (the console's statecharts, for analysts). It reads no server data, so only the
  // console asks for it; the first start gives it to the administrator with all the others.
  'flows.read',
  // The access model (issue 31, docs/access.md): roles and groups, read and managed.
  'roles.read',
  'roles.write',
  // Giving users roles, groups and direct permissions; users.write alone no longer does.
  'users.access',
  // Webhooks out (issue 33, docs/webhooks.md); INTERNAL staff only, like the Queue.
  'webhooks.write',
] as const

export const Permission = LiteralUnion(Permissions)
export type Permission = (typeof Permissions)[number]

/** The console's default requirement: no permission needed. */
export const ALLOW_ALL = 'ALLOW_ALL'
export type Requirement = Permission | typeof ALLOW_ALL

export const UserTypes = ['INTERNAL', 'EXTERNAL'] as const
export const UserType = LiteralUnion(UserTypes)
export type UserType = Static<typeof UserType>
