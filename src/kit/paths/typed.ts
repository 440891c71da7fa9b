/**
 * The events of a field typed into, one for each value in order (a model's events list):
 * `...typed('reset.passwordChanged', 'New#Passw0rd', 'weakpassword')`.
 */
export const typed = <const TType extends string, TValue>(type: TType, ...values: TValue[]) =>
  values.map((value) => ({ type, value }))
