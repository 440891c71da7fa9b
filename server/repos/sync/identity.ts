import { eq } from 'drizzle-orm'
import type { ServiceAssignment } from '../../../schema/service'
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
import { type Change, type ChangeWindow, iso, readChanges, tableReader } from './window'

/*
 * The identity collections in change order. Each reader names its columns (or its presenter the
 * fields it sends), so a secret added to a table later (hashes, counters, lock state) never reaches
 * a cache by accident. Rows of accounts
 * hidden from the reader (and their sessions and assignments) come back marked hidden: they move
 * its cursor on without reaching it, so a stream of them is read once, not at every pull.
 */

// The same fields as every service answer: the logo reference stays on the server.
export const readServices = tableReader(services, toService)

export function readServiceAssignments(
  db: Db,
  window: ChangeWindow,
  viewer: Viewer,
): Promise<Change<ServiceAssignment>[]> {
  const query = db
    .select({
      txid: serviceAssignments.txid,
      rev: serviceAssignments.rev,
      id: serviceAssignments.id,
      createdAt: serviceAssignments.createdAt,
      updatedAt: serviceAssignments.updatedAt,
      userId: serviceAssignments.userId,
      serviceKey: serviceAssignments.serviceKey,
      hidden: userIdHiddenFrom(typeOnly(viewer), serviceAssignments.userId),
      gone: userIdHiddenFrom(groupsOnly(viewer), serviceAssignments.userId),
    })
    .from(serviceAssignments)
  return readChanges(query.$dynamic(), window, {
    table: serviceAssignments,
    hidden: (row) => row.hidden,
    node: (row) =>
      row.gone
        ? gone(row.id)
        : {
            id: row.id,
            createdAt: iso(row.createdAt),
            updatedAt: iso(row.updatedAt),
            userId: row.userId,
            serviceKey: row.serviceKey,
          },
  })
}

export function readSessions(
  db: Db,
  window: ChangeWindow,
  viewer: Viewer,
): Promise<Change<Session>[]> {
  const query = db
    .select({
      txid: sessions.txid,
      rev: sessions.rev,
      userType: users.type,
      gone: userIdHiddenFrom(groupsOnly(viewer), sessions.userId, 'sessions.read'),
      ...sessionColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
  return readChanges(query.$dynamic(), window, {
    table: sessions,
    hidden: (row) => !maySeeUser(viewer, { type: row.userType }),
    node: ({ txid: _txid, rev: _rev, userType: _userType, gone: out, ...row }) =>
      out
        ? gone(row.id)
        : {
            ...row,
            createdAt: iso(row.createdAt),
            updatedAt: iso(row.updatedAt),
            expires: iso(row.expires),
          },
  })
}

export function readUsers(db: Db, window: ChangeWindow, viewer: Viewer): Promise<Change<User>[]> {
  const query = db
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
      gone: userIdHiddenFrom(groupsOnly(viewer), users.id),
    })
    .from(users)
  return readChanges(query.$dynamic(), window, {
    table: users,
    hidden: (row) => !maySeeUser(viewer, row),
    node: ({ txid: _txid, rev: _rev, lockedAt, disabledAt, authenticatorAt, gone: out, ...row }) =>
      out
        ? gone(row.id)
        : {
            ...row,
            createdAt: iso(row.createdAt),
            updatedAt: iso(row.updatedAt),
            lastLogin: row.lastLogin ? iso(row.lastLogin) : null,
            locked: lockedAt !== null,
            disabled: disabledAt !== null,
            authenticator: authenticatorAt !== null,
          },
  })
}

/*
 * A reader whose permission reaches some groups only (docs/access.md) gets the rows of users
 * outside them as deletions: a user who leaves the group leaves the reader's cache at the next
 * pull (their row changes with the membership). Accounts hidden by type stay silent instead: to
 * an EXTERNAL reader even their ids do not exist.
 */
const typeOnly = (viewer: Viewer): Viewer => ({ type: viewer.type })
const groupsOnly = (viewer: Viewer): Viewer => ({ type: 'INTERNAL', scopes: viewer.scopes })
// The cache deletes by these; the reader's stream carries them among its rows.
const gone = <T>(id: string) => ({ id, tombstone: true }) as unknown as T
