import Type, { type Static } from 'typebox'
import { Id } from './common'
import { SecondFactorMethod } from './factors'
import { LIMITS } from './rules'

/** POST /v1/login. `code` lets a client that already holds a security code finish in one call. */
export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: LIMITS.usernameMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
    code: Type.Optional(Type.String({ pattern: '^\\d{6}$' })),
  },
  { additionalProperties: false },
)
export type LoginBody = Static<typeof LoginBody>

/**
 * Without `mfaId` the session is open. With it the password was right and a second step follows:
 * `methods` are the account's second factors, the one to ask for first at the head (a text message
 * was sent when that is `sms`); with `enrolment` the policy requires a factor the account lacks,
 * and it enrols an authenticator app before any session opens (docs/second-factors.md).
 */
export const LoginResults = Type.Object({
  mfaId: Type.Optional(Id),
  user: Type.Object({ id: Id }),
  methods: Type.Optional(Type.Array(SecondFactorMethod)),
  enrolment: Type.Optional(Type.Boolean()),
  /**
   * Where text-message codes go, masked ('(•••) ••• - 0124'), when `methods` has `sms`: the step
   * says where to look; the full number never leaves the server before the sign-in ends.
   */
  destination: Type.Optional(Type.String()),
})
export type LoginResults = Static<typeof LoginResults>

/**
 * POST /v1/login/verify: the second step. `method` says what `accessCode` is; without it, the
 * text-message code when one was sent, else the authenticator app's.
 */
export const VerifyBody = Type.Object(
  {
    userId: Id,
    requestId: Id,
    accessCode: Type.String({ minLength: 1, maxLength: 11 }),
    service: Type.Literal('sso'),
    method: Type.Optional(SecondFactorMethod),
  },
  { additionalProperties: false },
)
export type VerifyBody = Static<typeof VerifyBody>

export const VerifyResults = Type.Object({ user: Type.Object({ id: Id }) })
export type VerifyResults = Static<typeof VerifyResults>

/** POST /v1/login/sms: a text message with a code for this second step ("Use another method"). */
export const SecondStepBody = Type.Object(
  { userId: Id, requestId: Id },
  { additionalProperties: false },
)
export type SecondStepBody = Static<typeof SecondStepBody>

/**
 * POST /v1/login/sms answers where the code went, masked as in LoginResults: the first text of a
 * step that began with the authenticator app, or "Resend code" (a new code; the older one stops
 * working). MAX_SMS_PER_STEP texts a step at most, and the address throttle (823) before that.
 */
export const TextSentResults = Type.Object({ destination: Type.String() })
export type TextSentResults = Static<typeof TextSentResults>

/** POST /v1/login/enrolment/confirm: the enrolment the policy requires, then the session opens. */
export const EnrolmentConfirmBody = Type.Object(
  { userId: Id, requestId: Id, setupId: Id, code: Type.String({ pattern: '^\\d{6}$' }) },
  { additionalProperties: false },
)
export type EnrolmentConfirmBody = Static<typeof EnrolmentConfirmBody>

export const EnrolmentResults = Type.Object({
  user: Type.Object({ id: Id }),
  recoveryCodes: Type.Array(Type.String()),
})
export type EnrolmentResults = Static<typeof EnrolmentResults>
