import type { ApiToken, Group, Role } from '../../../../schema/access'

/** The API tokens charts' fixtures: an auditor's tokens, the built-in roles, one group. */
export const ROLE_AUDITOR = '0194b000-0000-7000-8000-0000000000a3'
export const GROUP_PHARMACY = '0194b000-0000-7000-8000-0000000000c1'

export const aToken = (changes: Partial<ApiToken> = {}): ApiToken => ({
  id: '0194b000-0000-7000-8000-0000000000f1',
  name: 'Nightly export',
  prefix: 'gh_Ab3d',
  roles: [{ id: ROLE_AUDITOR, name: 'Auditor' }],
  permissions: [],
  group: null,
  createdBy: { id: '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60', name: 'Ada Lovelace' },
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2099-03-31T10:00:00.000Z',
  lastUsedAt: '2026-03-02T04:00:00.000Z',
  lastUsedFrom: '203.0.113.7',
  revokedAt: null,
  ...changes,
})

/** An active token, one revoked long ago, and what Revoke answers for the active one. */
export const activeToken = aToken()
export const revokedToken = aToken({
  id: '0194b000-0000-7000-8000-0000000000f0',
  name: 'Old sync',
  prefix: 'gh_Zz90',
  roles: [],
  permissions: ['users.read'],
  group: { id: GROUP_PHARMACY, name: 'Pharmacy staff' },
  createdAt: '2026-01-01T10:00:00.000Z',
  lastUsedAt: null,
  lastUsedFrom: null,
  revokedAt: '2026-02-01T10:00:00.000Z',
})
export const revokedNow = { ...activeToken, revokedAt: '2026-03-05T10:00:00.000Z' }
/** The token the New token dialog makes, and its secret. */
export const createdToken = aToken({
  id: '0194b000-0000-7000-8000-0000000000f2',
  name: 'Reports',
  prefix: 'gh_Qw12',
  roles: [],
  permissions: ['users.read'],
  createdAt: '2026-03-06T10:00:00.000Z',
  lastUsedAt: null,
  lastUsedFrom: null,
})
export const TOKEN_SECRET = 'gh_Qw12eRt5yU8iO0pAsDfGhJkLzXcVbNm'

const aRole = (id: string, name: string, permissions: Role['permissions']): Role => ({
  id,
  builtIn: name.toLowerCase().replace(' ', '-'),
  name,
  description: `${name}: ${permissions.join(', ')}.`,
  permissions,
  holders: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

/** Administrator holds more than an auditor does; Auditor is within it. */
export const ROLES: Role[] = [
  aRole('0194b000-0000-7000-8000-0000000000a1', 'Administrator', [
    'users.read',
    'users.write',
    'logs.read',
    'roles.write',
  ]),
  aRole(ROLE_AUDITOR, 'Auditor', ['logs.read', 'users.read', 'sessions.read', 'dashboard.read']),
]
export const GROUPS: Group[] = [
  {
    id: GROUP_PHARMACY,
    name: 'Pharmacy staff',
    description: 'The pharmacy.',
    members: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
]
/** What an auditor holds: the most their tokens may carry. */
export const AUDITOR_HELD = ['users.read', 'sessions.read', 'logs.read', 'dashboard.read'] as const
