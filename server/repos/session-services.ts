import { and, eq, inArray, sql } from 'drizzle-orm'
import { type SessionServiceRow, sessionServices } from '../db/schema/oidc'
import { services } from '../db/schema/services'
import { sessions } from '../db/schema/sessions'
import type { Db } from '../db/types'

/** Records that a console session signed into a service (again: the newest grant wins). */
export async function recordSessionService(db: Db, values: Omit<SessionServiceRow, 'signedInAt'>) {
  const row = { ...values, signedInAt: new Date() }
  await db
    .insert(sessionServices)
    .values(row)
    .onConflictDoUpdate({
      target: [sessionServices.sessionId, sessionServices.serviceId],
      set: { grantId: row.grantId, sid: row.sid, signedInAt: row.signedInAt },
    })
  // The session's node carries its services: re-stamped, it travels to the caches again.
  await db
    .update(sessions)
    .set({ updatedAt: sql`${sessions.updatedAt}` })
    .where(eq(sessions.id, values.sessionId))
}

export interface SignedInService extends SessionServiceRow {
  serviceKey: string
  serviceName: string
  backchannelLogoutUri: string
}

/** The services these sessions (or all of a user's) signed into, with what revoking needs. */
export async function servicesOfSessions(
  db: Db,
  of: { sessionIds: string[] } | { userId: string },
): Promise<SignedInService[]> {
  if ('sessionIds' in of && of.sessionIds.length === 0) return []
  return db
    .select({
      sessionId: sessionServices.sessionId,
      serviceId: sessionServices.serviceId,
      grantId: sessionServices.grantId,
      sid: sessionServices.sid,
      userId: sessionServices.userId,
      signedInAt: sessionServices.signedInAt,
      serviceKey: services.key,
      serviceName: services.name,
      backchannelLogoutUri: services.backchannelLogoutUri,
    })
    .from(sessionServices)
    .innerJoin(services, eq(services.id, sessionServices.serviceId))
    .where(
      'sessionIds' in of
        ? inArray(sessionServices.sessionId, of.sessionIds)
        : eq(sessionServices.userId, of.userId),
    )
}

export async function forgetSessionService(db: Db, sessionId: string, serviceId: string) {
  await db
    .delete(sessionServices)
    .where(and(eq(sessionServices.sessionId, sessionId), eq(sessionServices.serviceId, serviceId)))
}
