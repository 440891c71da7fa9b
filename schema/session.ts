import Type, { type Static } from 'typebox'
import { Base, Id, Timestamp } from './common'

/** A console sign-on session (SPEC.md §3), with the linked user's name. */
export const Session = Type.Object({
  ...Base,
  userId: Id,
  ip: Type.String(),
  userAgent: Type.String(),
  expires: Timestamp,
  nameFirst: Type.String(),
  nameLast: Type.String(),
  /** The services this session signed into (docs/sso.md); absent in rows cached before it. */
  services: Type.Optional(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))),
})
export type Session = Static<typeof Session>
