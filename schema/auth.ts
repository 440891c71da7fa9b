import Type, { type Static } from 'typebox'
import { Id } from './common'
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

/** With `mfaId` the password was right and a security code was sent; without it the session is open. */
export const LoginResults = Type.Object({
  mfaId: Type.Optional(Id),
  user: Type.Object({ id: Id }),
})
export type LoginResults = Static<typeof LoginResults>

/** POST /v1/login/verify: the second step. */
export const VerifyBody = Type.Object(
  {
    userId: Id,
    requestId: Id,
    accessCode: Type.String({ minLength: 1, maxLength: LIMITS.securityCodeLength }),
    service: Type.Literal('sso'),
  },
  { additionalProperties: false },
)
export type VerifyBody = Static<typeof VerifyBody>

export const VerifyResults = Type.Object({ user: Type.Object({ id: Id }) })
export type VerifyResults = Static<typeof VerifyResults>
