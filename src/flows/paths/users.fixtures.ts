import { Permissions } from '../../../schema/permissions'
import type { SelfUser } from '../../../schema/user'

/** The seeded administrator: INTERNAL, every permission. */
export function selfUser(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f60',
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    nameFirst: 'Ada',
    nameLast: 'Lovelace',
    email: 'admin@example.com',
    phone: null,
    use2FA: false,
    visage: null,
    type: 'INTERNAL',
    lastLogin: null,
    permissions: [...Permissions],
    mustChangePassword: false,
    locked: false,
    disabled: false,
    passkeys: 0,
    pendingEmail: null,
    passwordExpiresAt: null,
    previousSignIn: null,
    authenticator: false,
    mfaGraceUntil: null,
    ...overrides,
  }
}

/** A staff member of a customer: EXTERNAL, allowed only to see sessions. */
export const externalUser = (overrides: Partial<SelfUser> = {}) =>
  selfUser({
    type: 'EXTERNAL',
    permissions: ['sessions.read'],
    nameFirst: 'Grace',
    nameLast: 'Hopper',
    ...overrides,
  })
