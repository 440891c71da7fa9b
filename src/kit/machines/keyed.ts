/**
 * `{ [key]: value }` with the key's literal type kept, for state pieces whose event names each
 * machine chooses (`on: keyed(spec.retry, {...})`): XState then still checks them.
 */
export const keyed = <const TKey extends string, const TValue>(key: TKey, value: TValue) =>
  ({ [key]: value }) as Record<TKey, TValue>
