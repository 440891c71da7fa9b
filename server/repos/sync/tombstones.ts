import { eq } from 'drizzle-orm'
import type { Collection, Tombstone } from '../../../schema/sync'
import { tombstones } from '../../db/schema/tombstones'
import type { Db } from '../../db/types'
import { type Change, type ChangeWindow, readChanges } from './window'

/** Hard deletions of one collection in change order, as the nodes the caches delete by. */
export const readTombstones = (
  db: Db,
  collection: Collection,
  window: ChangeWindow,
): Promise<Change<Tombstone>[]> =>
  readChanges(
    db
      .select({ id: tombstones.id, txid: tombstones.txid, rev: tombstones.rev })
      .from(tombstones)
      .$dynamic(),
    window,
    {
      table: tombstones,
      where: eq(tombstones.collection, collection),
      node: (row) => ({ id: row.id, tombstone: true as const }),
    },
  )
