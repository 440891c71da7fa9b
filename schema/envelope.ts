import Type, { type Static, type TSchema } from 'typebox'

/** `{code, message}` carried by every failed answer. */
export const ErrorBody = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
})
export type ErrorBody = Static<typeof ErrorBody>

/** The failure envelope: `{success: false, error}`. */
export const Failure = Type.Object({
  success: Type.Literal(false),
  error: ErrorBody,
})
export type Failure = Static<typeof Failure>

/** The success envelope around `results` (DESIGN.md §4). */
export const Success = <T extends TSchema>(results: T) =>
  Type.Object({ success: Type.Literal(true), results })

/** An answer with no results worth reading: `{success: true}`. */
export const Ok = Type.Object({ success: Type.Literal(true) })
export type Ok = Static<typeof Ok>

export type Envelope<T> = { success: true; results: T } | Failure
