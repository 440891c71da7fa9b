import type { Config } from '../config'
import type { SessionRow } from '../db/schema/sessions'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { isSessionExpired, slideSession } from '../domain/session-times'
import { hashToken } from '../domain/tokens'
import { deleteSession, findSessionAndUserByTokenHash, touchSession } from '../repos/sessions'

export interface Auth {
  sessionId: string
  session: SessionRow
  user: UserRow
  /** Only requests made with an API token have one (plugins/session-guard.ts TokenAuth). */
  token?: undefined
}

export interface Resumed {
  /** The signed-in user and session, or null. */
  auth: Auth | null
  /** A session the token named that had expired and was deleted just now. */
  ended?: string
}

/**
 * The session a cookie's token names, looked up by its SHA-256. An expired one, or one of a
 * disabled user, is deleted; the
 * idle expiry of a live one slides with use (written at most once a minute) and never passes the
 * absolute expiry.
 */
export async function resumeSession(db: Db, config: Config, token: string): Promise<Resumed> {
  const found = await findSessionAndUserByTokenHash(db, hashToken(token))
  if (!found) return { auth: null }
  const { session, user } = found
  const now = new Date()
  if (isSessionExpired(session, now)) {
    await deleteSession(db, session.id)
    return { auth: null, ended: session.id }
  }
  if (!user) return { auth: null }
  // Disabling ends the user's sessions; one that slipped past (opened at that moment) ends here.
  if (user.disabledAt) {
    await deleteSession(db, session.id)
    return { auth: null, ended: session.id }
  }
  const slid = slideSession(session, now, config)
  if (slid) await touchSession(db, session.id, slid)
  return { auth: { sessionId: session.id, session: { ...session, ...slid }, user } }
}
