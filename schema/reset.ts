import Type, { type Static } from 'typebox'
import { LIMITS } from './rules'

/**
 * POST /v1/passwordReset/:email (no body). The address is checked with the shared email rule by the
 * server, so that the console and the server agree on what is an address.
 */
export const ResetRequestParams = Type.Object({
  email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }),
})
export type ResetRequestParams = Static<typeof ResetRequestParams>

/** Longest slug accepted; real ones are 43 characters (256 random bits in base64url). */
export const RESET_SLUG_MAX = 128

/**
 * The token of a reset link: base64url characters. A well-formed but unknown, used or expired slug
 * answers 804 (404); anything else is refused as malformed (400).
 */
export const ResetSlugParams = Type.Object({
  slug: Type.String({ pattern: '^[A-Za-z0-9_-]+$', maxLength: RESET_SLUG_MAX }),
})
export type ResetSlugParams = Static<typeof ResetSlugParams>

/**
 * GET /v1/resettoken/:slug: the address the link was sent to (SPEC.md §3), and whether the link is
 * an invitation's, so that the console welcomes a new user instead of saying 'Password Reset'.
 */
export const ResetTokenResults = Type.Object({ email: Type.String(), invitation: Type.Boolean() })
export type ResetTokenResults = Static<typeof ResetTokenResults>

/**
 * PUT /v1/passwordreset/:slug. `username` must be the address on file (any case); the policy (806)
 * and the history (807) are the server's answer, as for a change.
 */
export const PasswordResetBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  },
  { additionalProperties: false },
)
export type PasswordResetBody = Static<typeof PasswordResetBody>
