import { and, eq } from 'drizzle-orm'
import type { Collection, Tombstone } from '../../../schema/sync'
import { tombstones } from '../../db/schema/tombstones'
import type { Db } from '../../db/types'
import { type Change, type ChangeWindow, changeOrder, inWindow } from './window'

/** Hard deletions of one collection in change order, as the nodes the caches delete by. */
export async function readTombstones(
  db: Db,
  collection: Collection,
  window: ChangeWindow,
): Promise<Change<Tombstone>[]> {
  const rows = await db
    .select({ id: tombstones.id, txid: tombstones.txid, rev: tombstones.rev })
    .from(tombstones)
    .where(and(eq(tombstones.collection, collection), inWindow(tombstones, window)))
    .orderBy(...changeOrder(tombstones))
    .limit(window.limit)
  return rows.map((row) => ({
    txid: row.txid,
    rev: row.rev,
    node: { id: row.id, tombstone: true as const },
  }))
}
