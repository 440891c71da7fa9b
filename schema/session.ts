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
})
export type Session = Static<typeof Session>
