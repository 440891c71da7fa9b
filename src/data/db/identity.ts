import type { DBCoreMutateRequest, Middleware, DBCore, Table } from 'dexie'
import type { Service, ServiceAssignment } from '../../../schema/service'
import type { Session } from '../../../schema/session'
import type { User } from '../../../schema/user'
import { lazyDb, VersionedDb } from './openCache'

/** SPEC.md §9: bumping it makes every console drop and rebuild this cache. */
export const IDENTITY_VERSION = 11

/**
 * Only the indexes a list or an include reads. `[field+id]` pairs are the keyset-paging indexes:
 * the id breaks ties so a page boundary never falls between two rows with the same sort value.
 * The users' `sortName` and `sortLastLogin` are derived keys the cache writes with each row
 * (withUserSortKeys): IndexedDB leaves a row out of an index whose key is null, so a never
 * signed-in user (lastLogin null) would vanish from a lastLogin index (docs/console-users.md).
 * Every index costs each of the 122,000 rows of a first load a write (v11 dropped the unread
 * users [nameLast+nameFirst]; docs/console-cache.md).
 */
export const IDENTITY_STORES = {
  services: 'id, [createdAt+id], [name+id], [updatedAt+id]',
  sessions: 'id, [expires+id], userId',
  users: 'id, [sortName+id], [sortLastLogin+id], [createdAt+id]',
  serviceAssignments: 'id',
} as const

/** A user as the cache holds it: the synced fields and the derived sort keys. */
export type CachedUser = User & { sortName: string; sortLastLogin: string }

/**
 * The users' derived sort keys: the name as 'last\u0000first' in lower case (the list sorts by
 * last name, then first name, then id, ignoring case); the last sign-in, or '' for never (an
 * empty string sorts before every ISO time, so never-signed-in users come last, newest first).
 */
export function userSortKeys(user: Pick<User, 'nameFirst' | 'nameLast' | 'lastLogin'>) {
  return {
    sortName: `${user.nameLast.toLowerCase()}\u0000${user.nameFirst.toLowerCase()}`,
    sortLastLogin: user.lastLogin ?? '',
  }
}

/** Adds the sort keys to the users written by a put or add, whoever writes them (page or worker). */
function withUserSortKeys(request: DBCoreMutateRequest): DBCoreMutateRequest {
  if (request.type !== 'put' && request.type !== 'add') return request
  const values = request.values.map((value: unknown) => {
    const user = value as User | undefined
    return user && typeof user.nameLast === 'string' ? { ...user, ...userSortKeys(user) } : value
  })
  return { ...request, values }
}

const userSortKeysMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'userSortKeys',
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name)
      if (name !== 'users') return table
      return { ...table, mutate: (request) => table.mutate(withUserSortKeys(request)) }
    },
  }),
}

/** The identity cache: services, sessions, users and service assignments (SPEC.md §7). */
export class IdentityDb extends VersionedDb {
  declare services: Table<Service, string>
  declare sessions: Table<Session, string>
  declare users: Table<User, string>
  declare serviceAssignments: Table<ServiceAssignment, string>

  constructor(name = 'identity') {
    super(name, IDENTITY_VERSION, IDENTITY_STORES, userSortKeysMiddleware)
  }
}

/** The page's one identity cache. */
export const identityDb = lazyDb(() => new IdentityDb())
