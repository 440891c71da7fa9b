import { deviceEntries, deviceEntry, deviceOf, withDeviceEntry } from '../domain/device-cookie'
import type { Db } from '../db/types'
import { findKnownDevice, insertKnownDevice, touchKnownDevice } from '../repos/known-devices'
import { serverSecret } from '../repos/server-secrets'
import type { UseCaseContext } from './context'

const keys = new WeakMap<Db, Promise<Buffer>>()

/** The key that signs device cookies, one per database so every process signs alike. */
function deviceKey(db: Db): Promise<Buffer> {
  let key = keys.get(db)
  if (!key) {
    key = serverSecret(db, 'device-cookies').then((value) => Buffer.from(value, 'base64url'))
    key.catch(() => keys.delete(db))
    keys.set(db, key)
  }
  return key
}

/**
 * The known device of `userId` the request came from: its cookie holds an entry signed for that
 * account, naming a device row of it that still exists. Undefined for a browser the account never
 * signed in from (or forgot), whose guesses count against the account's unknown devices.
 */
export async function knownDeviceOf(
  ctx: UseCaseContext,
  userId: string,
): Promise<string | undefined> {
  const entries = deviceEntries(ctx.deviceCookie)
  if (!entries.length) return undefined
  const deviceId = deviceOf(await deviceKey(ctx.db), userId, entries)
  if (!deviceId) return undefined
  return (await findKnownDevice(ctx.db, deviceId, userId))?.id
}

/**
 * After a sign-in: the device cookie's value that makes this browser a known device of `userId`
 * (a new device row, or the known one seen again), the entries of other accounts kept.
 */
export async function rememberDevice(
  ctx: UseCaseContext,
  userId: string,
  knownId: string | undefined,
  now: Date,
): Promise<string> {
  const key = await deviceKey(ctx.db)
  let deviceId = knownId
  if (deviceId) await touchKnownDevice(ctx.db, deviceId, now)
  else deviceId = await insertKnownDevice(ctx.db, { userId, now, userAgent: ctx.client.userAgent })
  return withDeviceEntry(deviceEntries(ctx.deviceCookie), deviceEntry(key, userId, deviceId))
}
