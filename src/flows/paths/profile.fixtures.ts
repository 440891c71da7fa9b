import { Permissions } from '../../../schema/permissions'
import type { SelfUser, User } from '../../../schema/user'
import { ApiError } from '../../data/api/ApiError'

/**
 * The signed-in user whose Profile the models open: the seeded administrator (INTERNAL, every
 * permission), with what a model needs changed (a phone for two-factor, a visage).
 */
export function profileUser(overrides: Partial<SelfUser> = {}): SelfUser {
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
    passwordExpiresAt: null,
    previousSignIn: null,
    ...overrides,
  }
}

/** The user as the server answers a change to it: a plain User, with the changes applied. */
export function savedUser(self: SelfUser, changes: Partial<User> = {}): User {
  const {
    permissions: _p,
    mustChangePassword: _m,
    passwordExpiresAt: _e,
    previousSignIn: _s,
    ...plain
  } = self
  return { ...plain, ...changes }
}

/** The server refused a request with this message (the generic code 1001). */
export const refusal = (status: number, message: string) => new ApiError(status, 1001, message)
