import type { Config } from '../config'

type Lifetimes = Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours'>

const idleMs = (config: Lifetimes) => config.sessionIdleMinutes * 60_000

/** A console session is touched at most this often, so reads do not turn into a write each. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000

/** Expiries of a session opened at `now`: idle expiry never beyond the absolute one. */
export function newSessionTimes(now: Date, config: Lifetimes) {
  const absoluteExpires = new Date(now.getTime() + config.sessionMaxHours * 3_600_000)
  const expires = new Date(Math.min(now.getTime() + idleMs(config), absoluteExpires.getTime()))
  return { expires, absoluteExpires, lastSeenAt: now }
}

export function isSessionExpired(
  session: { expires: Date; absoluteExpires: Date },
  now: Date,
): boolean {
  return session.expires <= now || session.absoluteExpires <= now
}

/** The slid expiry when the session is due a touch, else undefined. */
export function slideSession(
  session: { absoluteExpires: Date; lastSeenAt: Date },
  now: Date,
  config: Lifetimes,
): { expires: Date; lastSeenAt: Date } | undefined {
  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return undefined
  const expires = Math.min(now.getTime() + idleMs(config), session.absoluteExpires.getTime())
  return { expires: new Date(expires), lastSeenAt: now }
}
