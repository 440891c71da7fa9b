import type { Dexie, Table } from 'dexie'
import type { Collection } from '../../../schema/sync'
import type { SyncState } from '../db/syncState'
import { isTombstone, type SyncNode, type SyncRow } from './nodes'

/**
 * Stores one batch and the cursor that follows it in a single transaction: either both are on
 * disk or neither is, so a load cut off at any moment resumes exactly after the last batch that
 * really landed (DESIGN.md §5). Used by the sync worker and by the same-thread writer alike.
 */
export async function writeBatch(
  db: Dexie,
  collection: Collection,
  nodes: readonly SyncNode[],
  cursor: string | null,
): Promise<void> {
  // A batch lists changes in commit order; when it names a row twice, the later change wins.
  const latest = new Map<unknown, SyncNode>()
  for (const node of nodes) latest.set(node.id, node)
  const removed: string[] = []
  const stored: SyncRow[] = []
  for (const node of latest.values()) {
    if (isTombstone(node)) removed.push(node.id)
    else stored.push(node)
  }
  const table: Table<SyncRow, string> = db.table(collection)
  const state: Table<SyncState, string> = db.table('syncState')
  await db.transaction('rw', table, state, async () => {
    if (removed.length > 0) await table.bulkDelete(removed)
    if (stored.length > 0) await table.bulkPut(stored)
    await state.put({ collection, cursor, updatedAt: new Date().toISOString() })
  })
}

/**
 * Drops every row of a collection and its position, together: a collection the user may not read
 * (the server answers 403) must not keep what an earlier load put there.
 */
export async function emptyCollection(db: Dexie, collection: Collection): Promise<void> {
  const table: Table<SyncRow, string> = db.table(collection)
  const state: Table<SyncState, string> = db.table('syncState')
  await db.transaction('rw', table, state, async () => {
    await table.clear()
    await state.delete(collection)
  })
}

/**
 * Records that a pull reached DONE after `cursor` (SyncState.caughtUp), in its own small
 * transaction after the pull's last batch: the collection was read to its end at least once.
 */
export async function markCaughtUp(
  db: Dexie,
  collection: Collection,
  cursor: string | null,
): Promise<void> {
  const state: Table<SyncState, string> = db.table('syncState')
  await state.put({ collection, cursor, updatedAt: new Date().toISOString(), caughtUp: true })
}

/** Whether a collection's last pull reached DONE with nothing written after it. */
export async function isCaughtUp(db: Dexie, collection: Collection): Promise<boolean> {
  const state: Table<SyncState, string> = db.table('syncState')
  return (await state.get(collection))?.caughtUp === true
}

/**
 * Whether every collection of `collections` (one database's) is caught up: read in one go, five
 * small rows, so a warm start decides without touching any big table.
 */
export async function allCaughtUp(db: Dexie, collections: readonly Collection[]): Promise<boolean> {
  const state: Table<SyncState, string> = db.table('syncState')
  const rows = await state.bulkGet([...collections])
  return rows.every((row) => row?.caughtUp === true)
}

/** The stored position of a collection, or null when it was never read. */
export async function readCursor(db: Dexie, collection: Collection): Promise<string | null> {
  const state: Table<SyncState, string> = db.table('syncState')
  return (await state.get(collection))?.cursor ?? null
}
