/**
 * Shape checks on parsed request input (JSON bodies, params, query strings, multipart fields).
 * Both walks are iterative, so input nested deeper than the call stack cannot crash them.
 */

// NUL cannot be stored in PostgreSQL text or jsonb; a lone surrogate is no character at all and
// turns into U+FFFD (or an error) on its way to UTF-8. In unicode mode a well-formed pair is one
// code point, so \p{Cs} matches only the unpaired halves.
// eslint-disable-next-line no-control-regex -- finding NUL is the point of this pattern
const UNSAFE = /[\u0000\p{Cs}]/u

/** True when `text` holds a NUL or an unpaired UTF-16 surrogate. */
export const isUnsafeText = (text: string) => UNSAFE.test(text)

/** The message naming the field whose text cannot be stored. */
export const unsafeTextMessage = (field: string) =>
  `${field} must not contain NUL or unpaired surrogate characters.`

/**
 * The dotted path ("records.0.name") of the first string, or object key, in `value` that holds a
 * NUL or an unpaired surrogate; undefined when there is none. `root` names a bare string.
 */
export function unsafeTextPath(value: unknown, root: string): string | undefined {
  const pending: [unknown, string][] = [[value, '']]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next
    if (typeof item === 'string') {
      if (isUnsafeText(item)) return path || root
      continue
    }
    if (item === null || typeof item !== 'object') continue
    for (const [key, child] of Object.entries(item)) {
      const childPath = path ? `${path}.${key}` : key
      if (isUnsafeText(key)) return path || root
      pending.push([child, childPath])
    }
  }
  return undefined
}

/** True when `value` nests objects and arrays more than `limit` levels deep. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next
    if (item === null || typeof item !== 'object') continue
    if (depth + 1 > limit) return true
    for (const child of Object.values(item)) pending.push([child, depth + 1])
  }
  return false
}
