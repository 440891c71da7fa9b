import { claimCache } from '../db/cacheOwner'
import { cacheDb } from '../db/caches'
import { areaOf } from '../db/syncState'
import { emptyCollection, writeBatch } from './writeBatch'
import type { WriteOp } from './writerProtocol'

/** Where sync writes are committed: a Web Worker in the browser, this thread otherwise. */
export type BatchWriter = {
  write(op: WriteOp): Promise<void>
  close(): void
}

/** Commits one write to the page's (or the worker's) cache database. */
export async function commitWrite(op: WriteOp): Promise<void> {
  switch (op.kind) {
    case 'batch':
      return writeBatch(cacheDb(areaOf(op.collection)), op.collection, op.nodes, op.cursor)
    case 'empty':
      return emptyCollection(cacheDb(areaOf(op.collection)), op.collection)
    case 'claim':
      await claimCache(cacheDb(op.area), op.owner)
  }
}

/** Commits on this thread: in tests, and where the page cannot start a module worker. */
export function localWriter(): BatchWriter {
  return { write: commitWrite, close: () => {} }
}
