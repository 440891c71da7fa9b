import type { Group, Role, UserAccess } from '../../../../schema/access'
import { Permissions, type Permission } from '../../../../schema/permissions'
import type { AccessRead } from '../machines/accessAssignments.machine'
import { aUser } from './userDetail.fixtures'

/** The user whose access is shown: External, an Auditor, in Pharmacy staff, sessions.read direct. */
export const accessUser = aUser()

const at = '2026-01-05T10:00:00.000Z'
const role = (
  id: string,
  name: string,
  permissions: Permission[],
  builtIn: string | null,
): Role => ({
  id: `0193c000-0000-7000-8000-00000000000${id}`,
  builtIn,
  name,
  description: `${name}.`,
  permissions,
  holders: 1,
  createdAt: at,
  updatedAt: at,
})
const group = (id: string, name: string): Group => ({
  id: `0193d000-0000-7000-8000-00000000000${id}`,
  name,
  description: '',
  members: 3,
  createdAt: at,
  updatedAt: at,
})

export const administrator = role('1', 'Administrator', [...Permissions], 'administrator')
export const helpDesk = role(
  '2',
  'Help desk',
  ['users.read', 'users.write', 'sessions.read', 'sessions.revoke'],
  'help-desk',
)
export const auditor = role(
  '3',
  'Auditor',
  ['logs.read', 'users.read', 'sessions.read', 'dashboard.read'],
  'auditor',
)
export const serviceOwner = role(
  '4',
  'Service owner',
  ['services.read', 'services.write'],
  'service-owner',
)
export const pharmacy = group('1', 'Pharmacy staff')
export const nurses = group('2', 'Nurses')

/** The signed-in person: everything but the Flows page, so Administrator is beyond them. */
export const held: Permission[] = Permissions.filter((p) => p !== 'flows.read')

const auditorSource = {
  kind: 'role' as const,
  roleId: auditor.id,
  roleName: auditor.name,
  groupId: null,
  groupName: null,
}
const helpDeskSource = {
  kind: 'role' as const,
  roleId: helpDesk.id,
  roleName: helpDesk.name,
  groupId: pharmacy.id,
  groupName: pharmacy.name,
}
const scoped = [{ id: pharmacy.id, name: pharmacy.name }]

/** What GET /v1/user/:id/access answers first: Auditor everywhere, sessions.read also direct. */
export const firstAccess: UserAccess = {
  userId: accessUser.id,
  permissions: [
    { permission: 'users.read', groups: null, sources: [auditorSource] },
    {
      permission: 'sessions.read',
      groups: null,
      sources: [auditorSource, { kind: 'direct' }],
    },
    { permission: 'logs.read', groups: null, sources: [auditorSource] },
    { permission: 'dashboard.read', groups: null, sources: [auditorSource] },
  ],
  assignments: [{ roleId: auditor.id, roleName: auditor.name, groupId: null, groupName: null }],
  groups: [{ id: pharmacy.id, name: pharmacy.name }],
  direct: ['sessions.read'],
}

/** What it answers after a change: Help desk for group Pharmacy staff added. */
export const laterAccess: UserAccess = {
  ...firstAccess,
  permissions: [
    { permission: 'users.read', groups: null, sources: [auditorSource, helpDeskSource] },
    { permission: 'users.write', groups: scoped, sources: [helpDeskSource] },
    {
      permission: 'sessions.read',
      groups: null,
      sources: [auditorSource, helpDeskSource, { kind: 'direct' }],
    },
    { permission: 'sessions.revoke', groups: scoped, sources: [helpDeskSource] },
    { permission: 'logs.read', groups: null, sources: [auditorSource] },
    { permission: 'dashboard.read', groups: null, sources: [auditorSource] },
  ],
  assignments: [
    ...firstAccess.assignments,
    {
      roleId: helpDesk.id,
      roleName: helpDesk.name,
      groupId: pharmacy.id,
      groupName: pharmacy.name,
    },
  ],
}

const lists = {
  roles: [administrator, helpDesk, auditor, serviceOwner],
  groups: [pharmacy, nurses],
}
export const firstRead: AccessRead = { access: firstAccess, ...lists }
export const laterRead: AccessRead = { access: laterAccess, ...lists }
