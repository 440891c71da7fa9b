import type { Dexie, Table } from 'dexie'
import type { SelfUser } from '../../../schema/user'
import { OWNER_ROW, type OwnerRow } from './syncState'

/**
 * What decides whose a cache is: the user, and what decides what the server sends them: their
 * permissions, and their type (an EXTERNAL user is sent no INTERNAL account, docs/server-security.md).
 */
export type CacheUser = Pick<SelfUser, 'id' | 'permissions' | 'type' | 'scopes'>

/**
 * The owner a cache is filled for: the user's id, a fingerprint of their permissions (sorted, so
 * that the server's order does not matter) and their type. Any permission counts, not only the
 * `.read` ones: which permission guards which collection is the server's business, and a needless
 * reload after a rare permission change is cheaper than a row kept from someone who may no longer
 * read it. The type is written only when it is not INTERNAL: INTERNAL staff keep the key they had
 * before the server hid accounts by type (their caches were right), while a cache filled for an
 * EXTERNAL user back then, with INTERNAL accounts in it, no longer matches and is emptied.
 */
export function ownerKey(user: CacheUser): string {
  const permissions = [...new Set(user.permissions)].sort()
  const key: unknown[] =
    user.type === 'INTERNAL' ? [user.id, permissions] : [user.id, permissions, user.type]
  // Permissions held over some groups only (docs/access.md): the server sends those groups' users,
  // so other groups mean another cache. Unscoped owners keep the key they had.
  const scoped = Object.entries(user.scopes ?? {})
    .map(([permission, groups]) => `${permission}:${[...groups].sort().join(',')}`)
    .sort()
  if (scoped.length > 0) key.push(scoped)
  return JSON.stringify(key)
}

/**
 * Makes a cache the owner's before anything is loaded into it or read from it. When it was filled
 * for someone else (another user, the same user under other permissions, or nobody recorded while
 * rows exist), every table is emptied, rows and cursors alike, in the transaction that records the
 * new owner, so the sync that follows loads from scratch. The same owner keeps everything: a warm
 * start refetches nothing. Returns 'kept' or 'claimed'.
 */
export async function claimCache(db: Dexie, owner: string): Promise<'kept' | 'claimed'> {
  const state: Table<OwnerRow, string> = db.table('syncState')
  return db.transaction('rw', db.tables, async () => {
    if ((await state.get(OWNER_ROW))?.owner === owner) return 'kept'
    await Promise.all(db.tables.map((table) => table.clear()))
    await state.put({ collection: OWNER_ROW, owner, updatedAt: new Date().toISOString() })
    return 'claimed'
  })
}
