import { eq } from 'drizzle-orm'
import type { Service, ServiceAssignment } from '../../../schema/service'
import type { Session } from '../../../schema/session'
import type { User } from '../../../schema/user'
import { serviceAssignments, services } from '../../db/schema/services'
import { sessions } from '../../db/schema/sessions'
import { users } from '../../db/schema/users'
import type { Db } from '../../db/types'
import { maySeeUser, type Viewer } from '../../domain/user-visibility'
import { toService } from '../../presenters/service'
import { sessionColumns } from '../sessions'
import { userIdHiddenFrom } from '../users'
import { type Change, type ChangeWindow, changeOrder, inWindow, iso } from './window'

/*
 * The identity collections in change order. Each reader names its columns, so a secret added to a
 * table later (hashes, counters, lock state) never reaches a cache by accident. Rows of accounts
 * hidden from the reader (and their sessions and assignments) come back marked hidden: they move
 * its cursor on without reaching it, so a stream of them is read once, not at every pull.
 */

export async function readServices(db: Db, window: ChangeWindow): Promise<Change<Service>[]> {
  const rows = await db
    .select()
    .from(services)
    .where(inWindow(services, window))
    .orderBy(...changeOrder(services))
    .limit(window.limit)
  // The same fields as every service answer: the logo reference stays on the server.
  return rows.map((row) => ({ txid: row.txid, rev: row.rev, node: toService(row) }))
}

export async function readServiceAssignments(
  db: Db,
  window: ChangeWindow,
  viewer: Viewer,
): Promise<Change<ServiceAssignment>[]> {
  const rows = await db
    .select({
      txid: serviceAssignments.txid,
      rev: serviceAssignments.rev,
      id: serviceAssignments.id,
      createdAt: serviceAssignments.createdAt,
      updatedAt: serviceAssignments.updatedAt,
      userId: serviceAssignments.userId,
      serviceKey: serviceAssignments.serviceKey,
      hidden: userIdHiddenFrom(viewer, serviceAssignments.userId),
    })
    .from(serviceAssignments)
    .where(inWindow(serviceAssignments, window))
    .orderBy(...changeOrder(serviceAssignments))
    .limit(window.limit)
  return rows.map((row) => ({
    txid: row.txid,
    rev: row.rev,
    hidden: row.hidden,
    node: {
      id: row.id,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      userId: row.userId,
      serviceKey: row.serviceKey,
    },
  }))
}

export async function readSessions(
  db: Db,
  window: ChangeWindow,
  viewer: Viewer,
): Promise<Change<Session>[]> {
  const rows = await db
    .select({
      txid: sessions.txid,
      rev: sessions.rev,
      userType: users.type,
      ...sessionColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inWindow(sessions, window))
    .orderBy(...changeOrder(sessions))
    .limit(window.limit)
  return rows.map(({ txid, rev, userType, ...row }) => ({
    txid,
    rev,
    hidden: !maySeeUser(viewer, { type: userType }),
    node: {
      ...row,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      expires: iso(row.expires),
    },
  }))
}

export async function readUsers(
  db: Db,
  window: ChangeWindow,
  viewer: Viewer,
): Promise<Change<User>[]> {
  const rows = await db
    .select({
      txid: users.txid,
      rev: users.rev,
      id: users.id,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      nameFirst: users.nameFirst,
      nameLast: users.nameLast,
      email: users.email,
      phone: users.phone,
      use2FA: users.use2fa,
      visage: users.visage,
      type: users.type,
      lastLogin: users.lastLogin,
      permissions: users.permissions,
      mustChangePassword: users.mustChangePassword,
      lockedAt: users.lockedAt,
      disabledAt: users.disabledAt,
      passkeys: users.passkeyCount,
      pendingEmail: users.pendingEmail,
      authenticatorAt: users.authenticatorAt,
    })
    .from(users)
    .where(inWindow(users, window))
    .orderBy(...changeOrder(users))
    .limit(window.limit)
  return rows.map(({ txid, rev, lockedAt, disabledAt, authenticatorAt, ...row }) => ({
    txid,
    rev,
    hidden: !maySeeUser(viewer, row),
    node: {
      ...row,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      lastLogin: row.lastLogin ? iso(row.lastLogin) : null,
      locked: lockedAt !== null,
      disabled: disabledAt !== null,
      authenticator: authenticatorAt !== null,
    },
  }))
}
