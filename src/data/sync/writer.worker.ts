import { cacheDb } from '../db/caches'
import { areaOf } from '../db/syncState'
import type { WriteReply, WriteRequest } from './writerProtocol'
import { writeBatch } from './writeBatch'

/**
 * The sync worker: commits batches off the main thread so that a 100,000-row load never blocks
 * the page (issue 3: no main-thread task over 200 ms). Batches are committed one at a time, in
 * the order they arrive, which is the order of their cursors.
 */
let queue: Promise<unknown> = Promise.resolve()

async function commit({ id, collection, nodes, cursor }: WriteRequest): Promise<WriteReply> {
  try {
    await writeBatch(cacheDb(areaOf(collection)), collection, nodes, cursor)
    return { id, ok: true }
  } catch (error) {
    return { id, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}

addEventListener('message', (event: MessageEvent<WriteRequest>) => {
  queue = queue.then(() => commit(event.data).then((reply) => postMessage(reply)))
})
