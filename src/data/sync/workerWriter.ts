import type { WriteOp, WriteReply, WriteRequest } from './writerProtocol'
import { localWriter, type BatchWriter } from './writer'

type Pending = { request: WriteRequest; resolve: () => void; reject: (error: Error) => void }

/** The part of a Worker the writer talks to; tests pass a stand-in. */
export type WorkerPort = Pick<Worker, 'postMessage' | 'addEventListener' | 'terminate'>

/**
 * Sends writes to the sync worker and settles each one when the worker has committed it. If
 * the worker cannot run (a failed load, a browser without module workers), the writes waiting and
 * all later ones go to the same-thread writer, in the order asked: writing a batch, an emptying
 * or a claim twice is harmless.
 */
export function workerWriter(worker: WorkerPort, fallback: BatchWriter = localWriter()): BatchWriter {
  const pending = new Map<number, Pending>()
  let nextId = 0
  let broken = false

  const settleLocally = ({ request, resolve, reject }: Pending) =>
    fallback.write(request).then(resolve, reject)

  worker.addEventListener('message', (event: MessageEvent<WriteReply>) => {
    const reply = event.data
    const waiting = pending.get(reply.id)
    pending.delete(reply.id)
    if (reply.ok) waiting?.resolve()
    else waiting?.reject(new Error(reply.message))
  })
  worker.addEventListener('error', (event: Event) => {
    event.preventDefault()
    broken = true
    worker.terminate()
    const stranded = [...pending.values()]
    pending.clear()
    stranded.forEach((write) => void settleLocally(write))
  })

  return {
    write: (op: WriteOp) =>
      new Promise<void>((resolve, reject) => {
        const request: WriteRequest = { ...op, id: ++nextId }
        if (broken) return void settleLocally({ request, resolve, reject })
        pending.set(request.id, { request, resolve, reject })
        worker.postMessage(request)
      }),
    close: () => worker.terminate(),
  }
}

/** The writer for this page: the sync worker when the browser has one, this thread otherwise. */
export function createBatchWriter(): BatchWriter {
  if (typeof Worker === 'undefined') return localWriter()
  // Written out in full so that Vite finds and bundles the worker module.
  return workerWriter(new Worker(new URL('./writer.worker.ts', import.meta.url), { type: 'module' }))
}
