import type { Collection } from '../../../schema/sync'
import { ApiError } from '../api/ApiError'
import { reportSessionExpired } from '../api/sync'
import type {
  FailureReply,
  PullRequest,
  WorkerMessage,
  WorkerRequest,
  WriteOp,
  WriteRequest,
} from './writerProtocol'
import { localEngine, type SyncEngine } from './writer'

type Pull = { collection: Collection; signal: AbortSignal; onBatch?: (loaded: number) => void }
type Pending =
  | { op: WriteOp; resolve: () => void; reject: (error: unknown) => void }
  | { pull: Pull; resolve: (loaded: number) => void; reject: (error: unknown) => void }

// What an aborted pull rejects with, as pullCollection does on this thread.
const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError')

/** The part of a Worker the writer talks to; tests pass a stand-in. */
export type WorkerPort = Pick<Worker, 'postMessage' | 'addEventListener' | 'terminate'>

/** The worker's failure as this thread knows it: an ApiError stays an ApiError, an abort an abort. */
function rebuild(reply: FailureReply): Error {
  if (reply.api) {
    const { status, code, network } = reply.api
    return new ApiError(status, code, reply.message, network)
  }
  if (reply.name === 'AbortError') return new DOMException(reply.message, 'AbortError')
  return new Error(reply.message)
}

/**
 * Sends writes and whole pulls to the sync worker: a write settles when the worker has committed
 * it, a pull hears the worker's row counts and settles with its total. If the worker cannot run (a
 * failed load, a browser without module workers), the writes and pulls waiting and all later ones
 * go to the same-thread engine, in the order asked: writing a batch, an emptying or a claim twice
 * is harmless, and a pull resumes from the position last committed.
 */
export function workerWriter(worker: WorkerPort, fallback: SyncEngine = localEngine()): SyncEngine {
  const pending = new Map<number, Pending>()
  let nextId = 0
  let broken = false

  const settleLocally = (waiting: Pending) => {
    if ('op' in waiting) return fallback.write(waiting.op).then(waiting.resolve, waiting.reject)
    const { collection, signal, onBatch } = waiting.pull
    return fallback.pull(collection, signal, onBatch).then(waiting.resolve, waiting.reject)
  }

  worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const message = event.data
    if ('kind' in message) {
      if (message.kind === 'expired') return reportSessionExpired()
      const waiting = pending.get(message.id)
      if (waiting && 'pull' in waiting) waiting.pull.onBatch?.(message.loaded)
      return
    }
    const waiting = pending.get(message.id)
    pending.delete(message.id)
    if (!waiting) return
    if (!message.ok) waiting.reject(rebuild(message))
    else if ('op' in waiting) waiting.resolve()
    else waiting.resolve(message.loaded ?? 0)
  })
  worker.addEventListener('error', (event: Event) => {
    event.preventDefault()
    broken = true
    worker.terminate()
    const stranded = [...pending.values()]
    pending.clear()
    stranded.forEach((waiting) => void settleLocally(waiting))
  })

  const post = (request: WriteRequest | PullRequest, waiting: Pending) => {
    if (broken) return void settleLocally(waiting)
    pending.set(request.id, waiting)
    worker.postMessage(request)
  }

  return {
    write: (op: WriteOp) =>
      new Promise<void>((resolve, reject) => {
        post({ ...op, id: ++nextId }, { op, resolve, reject })
      }),
    pull: (collection, signal, onBatch) =>
      new Promise<number>((resolve, reject) => {
        if (signal.aborted) return reject(abortReason(signal))
        const id = ++nextId
        // Leaving the pull stops the worker's too; what it committed stays.
        const abort = () => {
          pending.delete(id)
          if (!broken) worker.postMessage({ kind: 'abort', id } satisfies WorkerRequest)
          reject(abortReason(signal))
        }
        signal.addEventListener('abort', abort, { once: true })
        const done = () => signal.removeEventListener('abort', abort)
        post(
          { kind: 'pull', id, collection },
          {
            pull: { collection, signal, onBatch },
            resolve: (loaded) => (done(), resolve(loaded)),
            reject: (error) => (done(), reject(error instanceof Error ? error : new Error(String(error)))),
          },
        )
      }),
    firstBatches: (action) => {
      if (broken) return fallback.firstBatches(action)
      worker.postMessage({ kind: 'firstBatches', action } satisfies WorkerRequest)
    },
    close: () => worker.terminate(),
  }
}

/** The sync engine for this page: the sync worker when the browser has one, this thread otherwise. */
export function createBatchWriter(): SyncEngine {
  if (typeof Worker === 'undefined') return localEngine()
  // Written out in full so that Vite finds and bundles the worker module.
  return workerWriter(new Worker(new URL('./writer.worker.ts', import.meta.url), { type: 'module' }))
}
