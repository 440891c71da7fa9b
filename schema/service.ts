import Type, { type Static } from 'typebox'
import { Base, Id } from './common'

export const TOKEN_TIMEOUTS = {
  access: { min: 1, max: 10, default: 1 },
  refresh: { min: 1, max: 60, default: 30 },
} as const

/** An application that signs in through Gatehouse (SPEC.md §3). */
export const Service = Type.Object({
  ...Base,
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  url: Type.String(),
  accessTokenTimeout: Type.Integer({
    minimum: TOKEN_TIMEOUTS.access.min,
    maximum: TOKEN_TIMEOUTS.access.max,
  }),
  refreshTokenTimeout: Type.Integer({
    minimum: TOKEN_TIMEOUTS.refresh.min,
    maximum: TOKEN_TIMEOUTS.refresh.max,
  }),
  hasLogo: Type.Boolean(),
  deleted: Type.Boolean(),
})
export type Service = Static<typeof Service>

export const ServiceAssignment = Type.Object({
  ...Base,
  userId: Id,
  serviceKey: Type.String(),
})
export type ServiceAssignment = Static<typeof ServiceAssignment>
