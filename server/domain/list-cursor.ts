/**
 * A keyset position in a sorted list: the sort value of the last row sent and its id, the tie
 * breaker. Opaque to the console (base64url), which only sends it back.
 */
export interface ListPosition {
  value: string
  id: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function encodeListCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.value, position.id])).toString('base64url')
}

/** The position a cursor names, or undefined when it is not one this server wrote. */
export function decodeListCursor(cursor: string): ListPosition | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined
    const [value, id] = parsed as unknown[]
    if (typeof value !== 'string' || typeof id !== 'string' || !UUID.test(id)) return undefined
    return { value, id }
  } catch {
    return undefined
  }
}
