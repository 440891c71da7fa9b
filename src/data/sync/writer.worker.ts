import { isApiError } from '../api/ApiError'
import { onSessionExpired } from '../api/client'
import { pullCollection } from './pullCollection'
import { commitWrite, pullDeps, threadFirstBatches, type BatchWriter } from './writer'
import type { FailureReply, WorkerMessage, WorkerRequest, WriteOp } from './writerProtocol'

/**
 * The sync worker: fetches, parses and commits batches off the main thread so that a 100,000-row
 * load never blocks the page (issue 3: no main-thread task over 200 ms). The page sees only row
 * counts. Writes are committed one at a time, in the order they arrive or are fetched, which is
 * the order of their cursors (and of the claims between them).
 */
let queue: Promise<unknown> = Promise.resolve()
const pulls = new Map<number, AbortController>()
const send = (message: WorkerMessage) => postMessage(message)

function enqueue(op: WriteOp): Promise<void> {
  const committed = queue.then(() => commitWrite(op))
  queue = committed.catch(() => {})
  return committed
}
const deps = pullDeps({ write: enqueue, close: () => {} } satisfies BatchWriter)

// The page's statechart signs the person out; this thread only tells it.
onSessionExpired(() => send({ kind: 'expired' }))

function failure(id: number, error: unknown): FailureReply {
  const message = error instanceof Error ? error.message : String(error)
  const name = error instanceof Error ? error.name : undefined
  if (isApiError(error)) {
    const { status, code, network } = error
    return { id, ok: false, message, name, api: { status, code, network } }
  }
  return { id, ok: false, message, name }
}

addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const request = event.data
  if (request.kind === 'abort') return void pulls.get(request.id)?.abort()
  if (request.kind === 'firstBatches') return threadFirstBatches[request.action]()
  const { id } = request
  if (request.kind === 'pull') {
    const controller = new AbortController()
    pulls.set(id, controller)
    // Starts once everything asked before it is committed (a claim, above all); its writes then
    // join the same queue as they come.
    void queue
      .then(() =>
        pullCollection(request.collection, deps, controller.signal, (loaded) =>
          send({ kind: 'progress', id, loaded }),
        ),
      )
      .then(
        (loaded) => send({ id, ok: true, loaded }),
        (error: unknown) => send(failure(id, error)),
      )
      .finally(() => pulls.delete(id))
    return
  }
  enqueue(request).then(
    () => send({ id, ok: true }),
    (error: unknown) => send(failure(id, error)),
  )
})
