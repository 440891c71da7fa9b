import { Dexie, type Table } from 'dexie'
import type { Service, ServiceAssignment } from '../../../schema/service'
import type { Session } from '../../../schema/session'
import type { User } from '../../../schema/user'
import type { OwnerRow, SyncState } from './syncState'

/** SPEC.md §9: bumping it makes every console drop and rebuild this cache. */
export const IDENTITY_VERSION = 9

/**
 * Only the indexes a list or an include reads. `[field+id]` pairs are the keyset-paging indexes:
 * the id breaks ties so a page boundary never falls between two rows with the same sort value.
 */
export const IDENTITY_STORES = {
  services: 'id, [createdAt+id], [name+id], [updatedAt+id]',
  sessions: 'id, [expires+id], userId',
  users: 'id, [nameLast+nameFirst]',
  serviceAssignments: 'id',
  syncState: 'collection',
} as const

/** The identity cache: services, sessions, users and service assignments (SPEC.md §7). */
export class IdentityDb extends Dexie {
  declare services: Table<Service, string>
  declare sessions: Table<Session, string>
  declare users: Table<User, string>
  declare serviceAssignments: Table<ServiceAssignment, string>
  declare syncState: Table<SyncState | OwnerRow, string>
  /** Set when an older database was upgraded in place; the version rule then rebuilds it. */
  outdated = false

  constructor(name = 'identity') {
    super(name)
    this.version(IDENTITY_VERSION)
      .stores(IDENTITY_STORES)
      .upgrade(() => {
        this.outdated = true
      })
  }
}

let instance: IdentityDb | undefined

/** The page's one identity cache, created on first use so that importing costs nothing. */
export function identityDb(): IdentityDb {
  instance ??= new IdentityDb()
  return instance
}
