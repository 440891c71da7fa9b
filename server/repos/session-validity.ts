import { inArray } from 'drizzle-orm'
import { sessions } from '../db/schema/sessions'
import type { Db } from '../db/types'

export interface SessionExpiry {
  expires: Date
  absoluteExpires: Date
}

/** The expiries of those of these sessions that still exist (the others were deleted). */
export async function sessionExpiries(db: Db, ids: string[]): Promise<Map<string, SessionExpiry>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: sessions.id,
      expires: sessions.expires,
      absoluteExpires: sessions.absoluteExpires,
    })
    .from(sessions)
    .where(inArray(sessions.id, ids))
  return new Map(rows.map(({ id, ...expiry }) => [id, expiry]))
}
