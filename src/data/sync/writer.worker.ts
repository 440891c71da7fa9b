import type { WriteReply, WriteRequest } from './writerProtocol'
import { commitWrite } from './writer'

/**
 * The sync worker: commits batches off the main thread so that a 100,000-row load never blocks
 * the page (issue 3: no main-thread task over 200 ms). Writes are committed one at a time, in
 * the order they arrive, which is the order of their cursors (and of the claims between them).
 */
let queue: Promise<unknown> = Promise.resolve()

async function commit(request: WriteRequest): Promise<WriteReply> {
  try {
    await commitWrite(request)
    return { id: request.id, ok: true }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { id: request.id, ok: false, message }
  }
}

addEventListener('message', (event: MessageEvent<WriteRequest>) => {
  queue = queue.then(() => commit(event.data).then((reply) => postMessage(reply)))
})
