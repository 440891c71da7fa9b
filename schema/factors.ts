import Type, { type Static } from 'typebox'
import { Id, LiteralUnion, Timestamp } from './common'
import { UserType } from './permissions'
import {
  MFA_POLICY_MODES,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  SECOND_FACTOR_METHODS,
  TOTP_CODE_PATTERN,
} from './factor-codes'
import { LIMITS } from './rules'

export {
  MFA_POLICY_MODES,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  SECOND_FACTOR_METHODS,
  TOTP_CODE_PATTERN,
}

/**
 * Second factors (docs/second-factors.md): an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits,
 * 30 s), a code sent by text message (SPEC.md's "Use 2 Factor Auth"), and single-use recovery codes
 * as the way back when the others are lost. A passkey is a strong factor of its own: its sign-in
 * needs no second step.
 */
export const SecondFactorMethod = LiteralUnion(SECOND_FACTOR_METHODS)
export type SecondFactorMethod = Static<typeof SecondFactorMethod>

const Password = Type.String({ minLength: 1, maxLength: LIMITS.passwordMax })

export const MfaPolicyMode = LiteralUnion(MFA_POLICY_MODES)
export type MfaPolicyMode = Static<typeof MfaPolicyMode>

// ---------------------------------------------------------------------------------------------
// The signed-in user's own factors (Profile).

/** GET /v1/factors: what the signed-in user has, and what the policy asks of them. */
export const OwnFactorsResults = Type.Object({
  /** The authenticator app, once enrolled (confirmed with a valid code). */
  authenticator: Type.Union([
    Type.Object({ enrolledAt: Timestamp, lastUsedAt: Type.Union([Timestamp, Type.Null()]) }),
    Type.Null(),
  ]),
  /** Text-message codes: the "Use 2 Factor Auth" switch with a phone. */
  sms: Type.Boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
  passkeys: Type.Integer({ minimum: 0 }),
  /** The policy for the user's type; `graceUntil` is set while a required factor is still missing. */
  policy: Type.Object({
    mode: MfaPolicyMode,
    graceUntil: Type.Union([Timestamp, Type.Null()]),
  }),
})
export type OwnFactorsResults = Static<typeof OwnFactorsResults>

/** POST /v1/factors/authenticator (the password again), and the sign-in's enrolment. */
export const AuthenticatorSetupBody = Type.Object(
  { password: Password },
  { additionalProperties: false },
)
export type AuthenticatorSetupBody = Static<typeof AuthenticatorSetupBody>

/**
 * A new authenticator secret, waiting for a code: `secret` in base32, `uri` the `otpauth://` URI
 * the QR code carries. Answered once; never again after enrolment.
 */
export const AuthenticatorSetupResults = Type.Object({
  setupId: Id,
  secret: Type.String(),
  uri: Type.String(),
})
export type AuthenticatorSetupResults = Static<typeof AuthenticatorSetupResults>

/** POST /v1/factors/authenticator/confirm: enrolment ends only with a valid code. */
export const AuthenticatorConfirmBody = Type.Object(
  { setupId: Id, code: Type.String({ pattern: TOTP_CODE_PATTERN }) },
  { additionalProperties: false },
)
export type AuthenticatorConfirmBody = Static<typeof AuthenticatorConfirmBody>

/**
 * Recovery codes, shown once: at the first enrolment of a factor, and when regenerated
 * (POST /v1/factors/recovery-codes with the password). Empty when the user already had some.
 */
export const RecoveryCodesResults = Type.Object({
  recoveryCodes: Type.Array(Type.String()),
})
export type RecoveryCodesResults = Static<typeof RecoveryCodesResults>

/** DELETE /v1/factors/authenticator and POST /v1/factors/recovery-codes: the password again. */
export const FactorPasswordBody = Type.Object(
  { password: Password },
  { additionalProperties: false },
)
export type FactorPasswordBody = Static<typeof FactorPasswordBody>

// ---------------------------------------------------------------------------------------------
// Staff: a user's factors, their reset, the policy.

/** One factor of a user as staff see it: which kind, since when, last used. No secret, ever. */
export const UserFactor = Type.Object({
  kind: LiteralUnion(['authenticator', 'sms', 'recovery', 'passkey'] as const),
  enrolledAt: Type.Union([Timestamp, Type.Null()]),
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
  /** Recovery codes left, passkeys registered. */
  count: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type UserFactor = Static<typeof UserFactor>

/** GET /v1/user/:id/factors (users.read). */
export const UserFactorsResults = Type.Object({ factors: Type.Array(UserFactor) })
export type UserFactorsResults = Static<typeof UserFactorsResults>

/** The second-factor policy of one user type. */
export const MfaPolicy = Type.Object({
  type: UserType,
  mode: MfaPolicyMode,
  /** Days a user without a factor may still sign in once the policy requires one (0: none). */
  graceDays: Type.Integer({ minimum: 0, maximum: 365 }),
  /** When the mode became `required`; null otherwise. */
  requiredSince: Type.Union([Timestamp, Type.Null()]),
})
export type MfaPolicy = Static<typeof MfaPolicy>

/** GET /v1/mfa-policy (users.read). */
export const MfaPoliciesResults = Type.Object({ policies: Type.Array(MfaPolicy) })
export type MfaPoliciesResults = Static<typeof MfaPoliciesResults>

/** PUT /v1/mfa-policy/:type (users.write). */
export const MfaPolicyBody = Type.Object(
  { mode: MfaPolicyMode, graceDays: Type.Integer({ minimum: 0, maximum: 365 }) },
  { additionalProperties: false },
)
export type MfaPolicyBody = Static<typeof MfaPolicyBody>

export const MfaPolicyParams = Type.Object({ type: UserType }, { additionalProperties: false })
export type MfaPolicyParams = Static<typeof MfaPolicyParams>

export const MfaPolicyResults = Type.Object({ policy: MfaPolicy })
export type MfaPolicyResults = Static<typeof MfaPolicyResults>
