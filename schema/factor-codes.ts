/**
 * The second factors' constants without TypeBox (docs/second-factors.md): the sign-in page is in
 * the console's first load and TypeBox is not (docs/console-first-load.md), so the login chart's
 * messages read these here; schema/factors.ts builds its schemas from the same values.
 */

/** An authenticator app (TOTP), a code by text message, or a single-use recovery code. */
export const SECOND_FACTOR_METHODS = ['totp', 'sms', 'recovery'] as const

/** How many recovery codes an enrolment (or a regeneration) hands out. */
export const RECOVERY_CODE_COUNT = 10
/** A recovery code as shown: two groups of five from a 32-letter alphabet, e.g. `7KQ2M-XR9DF`. */
export const RECOVERY_CODE_PATTERN = '^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$'
/** An authenticator app's code. */
export const TOTP_CODE_PATTERN = '^\\d{6}$'

/** The policy modes a user type can have. */
export const MFA_POLICY_MODES = ['off', 'optional', 'required'] as const
