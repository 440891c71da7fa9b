import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a browser in
 * which an account signed in keeps an entry `<deviceId>.<signature>`, the signature an HMAC of the
 * account's id and the device's id under a server key. Only that account's checks accept it, and
 * nobody can make one without the key. One cookie holds the entries of the last few accounts that
 * signed in in that browser; it names no account, so it tells nothing to whoever reads it.
 */

/** How many accounts' entries one browser keeps; the oldest goes first. */
export const MAX_DEVICE_ENTRIES = 10
/** How long a browser stays known without signing in again. */
export const DEVICE_COOKIE_DAYS = 180

const ENTRY =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{22})$/

const signature = (key: Buffer, userId: string, deviceId: string) =>
  createHmac('sha256', key).update(`${userId}.${deviceId}`).digest().subarray(0, 16)

/** The cookie entry that tells `userId`'s checks this browser is its device `deviceId`. */
export const deviceEntry = (key: Buffer, userId: string, deviceId: string): string =>
  `${deviceId}.${signature(key, userId, deviceId).toString('base64url')}`

/** The well-formed entries of a cookie value, at most MAX_DEVICE_ENTRIES; anything else is dropped. */
export function deviceEntries(cookie: string | undefined): string[] {
  if (!cookie) return []
  return cookie
    .split('~')
    .filter((entry) => ENTRY.test(entry))
    .slice(0, MAX_DEVICE_ENTRIES)
}

/** The device id of the entry signed for `userId`, if the browser holds one. */
export function deviceOf(
  key: Buffer,
  userId: string,
  entries: readonly string[],
): string | undefined {
  for (const entry of entries) {
    const [, deviceId, signed] = ENTRY.exec(entry) ?? []
    if (!deviceId || !signed) continue
    const expected = signature(key, userId, deviceId)
    const given = Buffer.from(signed, 'base64url')
    if (given.length === expected.length && timingSafeEqual(given, expected)) return deviceId
  }
  return undefined
}

/** The cookie value with `entry` first, replacing an older entry of the same device. */
export function withDeviceEntry(entries: readonly string[], entry: string): string {
  const deviceId = entry.split('.')[0]
  const others = entries.filter((e) => e.split('.')[0] !== deviceId)
  return [entry, ...others].slice(0, MAX_DEVICE_ENTRIES).join('~')
}
