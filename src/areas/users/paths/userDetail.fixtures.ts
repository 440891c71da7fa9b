import type { User } from '../../../../schema/user'
import type { AuditEvent } from '../../../../schema/users'

/** Another user, as the identity cache holds them: the one the Users detail shows. */
export function aUser(changes: Partial<User> = {}): User {
  return {
    id: '0193b2c3-d4e5-7f60-8a9b-1c2d3e4f5a6b',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    nameFirst: 'Grace',
    nameLast: 'Hopper',
    email: 'grace@example.com',
    phone: '5551234567',
    use2FA: true,
    visage: null,
    type: 'EXTERNAL',
    lastLogin: '2026-02-01T09:00:00.000Z',
    permissions: ['sessions.read'],
    mustChangePassword: false,
    locked: false,
    disabled: false,
    passkeys: 2,
    authenticator: false,
    pendingEmail: null,
    ...changes,
  }
}

/** The server's answer to a change of the user: the user as saved, a moment later. */
export const savedUserOf = (before: User, changes: Partial<User>): User => ({
  ...before,
  ...changes,
  updatedAt: '2026-02-02T00:00:00.000Z',
})

/** One audit event about the user. */
export const anEvent = (id: string, changes: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2026-02-01T09:00:00.000Z',
  action: 'login',
  outcome: 'success',
  actor: null,
  ip: '10.0.0.7',
  userAgent: null,
  detail: null,
  ...changes,
})
