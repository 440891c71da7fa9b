import type { SelfUser, User } from '../../../../schema/user'

/** The user as the server answers a change to it: a plain User, with the changes applied. */
export function savedUser(self: SelfUser, changes: Partial<User> = {}): User {
  const { passwordExpiresAt: _e, previousSignIn: _s, ...plain } = self
  return { ...plain, ...changes }
}
