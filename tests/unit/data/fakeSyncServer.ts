import { SYNC_DONE, type Collection } from '../../../schema/sync'
import type { SyncBatch, SyncNode, SyncRow } from '../../../src/data/sync/nodes'

type Change = { rev: number; node: SyncNode }

/**
 * The server side of DESIGN.md §5 in miniature: every change takes the next revision; a batch is
 * the latest change of each row after the cursor, in revision order; deletions are tombstones.
 */
export class FakeSyncServer {
  private rev = 0
  private readonly changes = new Map<Collection, Map<string, Change>>()
  /** Collections the signed-in user may not read: the server answers 403. */
  private readonly forbidden = new Set<Collection>()
  /** Every cursor asked for, per collection, so tests can see where a pull resumed. */
  readonly asked: { collection: Collection; cursor: string | null }[] = []

  constructor(private readonly batchSize = 3) {}

  put(collection: Collection, ...rows: SyncRow[]): void {
    for (const row of rows) this.rowsOf(collection).set(row.id, { rev: ++this.rev, node: row })
  }

  remove(collection: Collection, ...ids: string[]): void {
    for (const id of ids) this.rowsOf(collection).set(id, { rev: ++this.rev, node: { id, tombstone: true } })
  }

  /** From now on the user may not read `collection` (what the API client makes of a 403). */
  forbid(collection: Collection): void {
    this.forbidden.add(collection)
  }

  /** What a cache must hold once caught up: the live rows, by id. */
  live(collection: Collection): SyncRow[] {
    return [...this.rowsOf(collection).values()]
      .map((change) => change.node)
      .filter((node): node is SyncRow => !('tombstone' in node))
      .sort((a, b) => a.id.localeCompare(b.id))
  }

  fetchBatch = (collection: Collection, cursor: string | null): Promise<SyncBatch> => {
    this.asked.push({ collection, cursor })
    if (this.forbidden.has(collection))
      return Promise.resolve({ nodes: [], cursor: SYNC_DONE, forbidden: true })
    const after = cursor === null ? 0 : Number(cursor)
    const batch = [...this.rowsOf(collection).values()]
      .filter((change) => change.rev > after)
      .sort((a, b) => a.rev - b.rev)
      .slice(0, this.batchSize)
    const last = batch[batch.length - 1]
    if (!last) return Promise.resolve({ nodes: [], cursor: SYNC_DONE })
    return Promise.resolve({ nodes: batch.map((change) => change.node), cursor: String(last.rev) })
  }

  private rowsOf(collection: Collection) {
    let rows = this.changes.get(collection)
    if (!rows) this.changes.set(collection, (rows = new Map<string, Change>()))
    return rows
  }
}
