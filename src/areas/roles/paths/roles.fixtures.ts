import type { Role } from '../../../../schema/access'
import { Permissions, type Permission } from '../../../../schema/permissions'

const at = '2026-02-01T09:00:00.000Z'

export function aRole(
  id: string,
  name: string,
  permissions: Permission[],
  changes: Partial<Role> = {},
): Role {
  return {
    id,
    builtIn: null,
    name,
    description: '',
    permissions,
    holders: 0,
    createdAt: at,
    updatedAt: at,
    ...changes,
  }
}

/** The five built-in roles as the server lists them (issue 31). */
export const builtInRoles: Role[] = [
  aRole('0190b000-0000-7000-8000-0000000000a1', 'Administrator', [...Permissions], {
    builtIn: 'administrator',
    description: 'Everything, including giving roles.',
    holders: 1,
  }),
  aRole(
    '0190b000-0000-7000-8000-0000000000a2',
    'Help desk',
    ['users.read', 'users.write', 'sessions.read', 'sessions.revoke'],
    { builtIn: 'help-desk', description: 'Looks after people’s accounts and sessions.' },
  ),
  aRole(
    '0190b000-0000-7000-8000-0000000000a3',
    'Auditor',
    ['logs.read', 'users.read', 'sessions.read', 'dashboard.read'],
    { builtIn: 'auditor', description: 'Reads the log, the users and the sessions.' },
  ),
  aRole(
    '0190b000-0000-7000-8000-0000000000a4',
    'Service owner',
    ['services.read', 'services.write'],
    {
      builtIn: 'service-owner',
      description: 'Registers and changes services.',
    },
  ),
  aRole(
    '0190b000-0000-7000-8000-0000000000a5',
    'Attribute editor',
    ['attributes.read', 'attributes.write'],
    { builtIn: 'attribute-editor', description: 'Changes the attribute trees.' },
  ),
]

/** A custom role three users hold. */
export const pharmacyDesk = aRole(
  '0190b000-0000-7000-8000-0000000000c1',
  'Pharmacy desk',
  ['users.read', 'sessions.read'],
  { description: 'Answers the pharmacy staff’s calls.', holders: 3 },
)

export const allRoles: Role[] = [...builtInRoles, pharmacyDesk]

/** What the server answers to New role, and to a rename of Pharmacy desk. */
export const createdRole = aRole(
  '0190b000-0000-7000-8000-0000000000c2',
  'Night shift',
  ['sessions.read'],
  { description: 'Watches the sessions at night.' },
)
export const renamedRole: Role = { ...pharmacyDesk, name: 'Pharmacy help desk' }
