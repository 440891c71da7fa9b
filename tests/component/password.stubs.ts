import type { SelfUser } from '../../schema/user'
import { Latest } from '../setup/gate'

// No console import here: vi.mock factories load this file while the mocked module is pending.

/**
 * The password calls, each a gate the test settles. Use with
 * `vi.mock('../../src/data/api/password', () => passwordApi)` (and self, auth as needed).
 */
export const calls = {
  requestPasswordReset: new Latest<void>(),
  lookUpResetToken: new Latest<string>(),
  resetPassword: new Latest<void>(),
  changePassword: new Latest<void>(),
  fetchSelf: new Latest<SelfUser>(),
  signIn: new Latest<{ mfaId?: string; user: { id: string } }>(),
  verifyAccessCode: new Latest<{ user: { id: string } }>(),
}

export const passwordApi = {
  requestPasswordReset: (email: string) => calls.requestPasswordReset.wait(email),
  lookUpResetToken: (slug: string) => calls.lookUpResetToken.wait(slug),
  resetPassword: (slug: string, body: unknown) => calls.resetPassword.wait({ slug, body }),
  changePassword: (userId: string, body: unknown) => calls.changePassword.wait({ userId, body }),
}
export const selfApi = { fetchSelf: () => calls.fetchSelf.wait(undefined) }
export const authApi = {
  signIn: (body: unknown) => calls.signIn.wait(body),
  verifyAccessCode: (body: unknown) => calls.verifyAccessCode.wait(body),
  signOut: () => Promise.resolve(),
}

/** Forgets the inputs of earlier tests (each Latest only settles its newest call anyway). */
export function resetCalls(): void {
  for (const call of Object.values(calls)) call.inputs.length = 0
}
