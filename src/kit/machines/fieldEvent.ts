/**
 * The events of fields typed into: `{ type, value }` for each name of `TType`
 * (`FieldEvent<'reset.emailChanged' | 'reset.passwordChanged'>`).
 */
export type FieldEvent<TType extends string, TValue = string> = TType extends string
  ? { type: TType; value: TValue }
  : never
