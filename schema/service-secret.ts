import Type, { type Static } from 'typebox'
import { Id } from './common'

/** Longest overlap a rotation may give the previous secrets: 30 days. */
export const MAX_SECRET_OVERLAP_HOURS = 720

/** A named client secret of a confidential service; the value itself is never shown again. */
export const ServiceSecret = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  /** When it stops working (a rotation gave it an overlap); null while it is the current one. */
  expiresAt: Type.Union([Type.String(), Type.Null()]),
})
export type ServiceSecret = Static<typeof ServiceSecret>

/** POST /v1/service/:id/secrets: a new secret; the live ones keep working for overlapHours. */
export const CreateSecretBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    overlapHours: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SECRET_OVERLAP_HOURS })),
  },
  { additionalProperties: false },
)
export type CreateSecretBody = Static<typeof CreateSecretBody>

export const SecretParams = Type.Object({ id: Id, secretId: Id })

export const SecretListResults = Type.Object({ secrets: Type.Array(ServiceSecret) })
export const SecretCreatedResults = Type.Object({
  secret: ServiceSecret,
  /** The secret itself: shown this once, stored only as its SHA-256. */
  value: Type.String(),
})
