import Type, { type Static } from 'typebox'
import { LIMITS } from './rules'

/**
 * PUT /v1/user/:id/password. Lengths are checked here; the policy (code 806) and the history
 * (code 807) are the server's answer, so the console can show which rule failed.
 */
export const PasswordChangeBody = Type.Object(
  {
    oldPassword: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  },
  { additionalProperties: false },
)
export type PasswordChangeBody = Static<typeof PasswordChangeBody>
