import { describe, expect, it } from 'vitest'
import { workerWriter, type WorkerPort } from '../../../src/data/sync/workerWriter'
import type { SyncEngine } from '../../../src/data/sync/writer'
import type {
  WorkerMessage,
  WorkerRequest,
  WriteOp,
} from '../../../src/data/sync/writerProtocol'

/** A worker stand-in: the test decides how each posted batch ends. */
class FakeWorker extends EventTarget implements WorkerPort {
  readonly posted: WorkerRequest[] = []
  terminated = false
  postMessage(request: WorkerRequest) {
    this.posted.push(request)
  }
  terminate() {
    this.terminated = true
  }
  reply(reply: WorkerMessage) {
    this.dispatchEvent(new MessageEvent('message', { data: reply }))
  }
  crash() {
    this.dispatchEvent(new Event('error', { cancelable: true }))
  }
}

function recordingWriter(): SyncEngine & { writes: string[] } {
  const writes: string[] = []
  return {
    writes,
    write: (op: WriteOp) => {
      writes.push(op.kind === 'batch' ? `${op.collection}@${op.cursor}` : `${op.kind}`)
      return Promise.resolve()
    },
    pull: (collection, _signal, onBatch) => {
      writes.push(`pull ${collection}`)
      onBatch?.(1)
      return Promise.resolve(1)
    },
    firstBatches: (action) => void writes.push(`firstBatches ${action}`),
    close: () => {},
  }
}

const batch = (collection: 'sessions' | 'users', cursor: string): WriteOp => ({
  kind: 'batch',
  collection,
  nodes: [],
  cursor,
})

describe('the worker writer', () => {
  it('settles each write when the worker reports its commit', async () => {
    const worker = new FakeWorker()
    const writer = workerWriter(worker, recordingWriter())
    const first = writer.write(batch('sessions', '1'))
    const second = writer.write(batch('users', '7'))
    expect(worker.posted).toEqual([
      { id: 1, ...batch('sessions', '1') },
      { id: 2, ...batch('users', '7') },
    ])
    worker.reply({ id: 2, ok: false, message: 'QuotaExceededError' })
    worker.reply({ id: 1, ok: true })
    await expect(first).resolves.toBeUndefined()
    await expect(second).rejects.toThrow('QuotaExceededError')
  })

  it('hands waiting and later writes to this thread when the worker cannot run', async () => {
    const worker = new FakeWorker()
    const fallback = recordingWriter()
    const writer = workerWriter(worker, fallback)
    const stranded = writer.write(batch('sessions', '1'))
    const claim = writer.write({ kind: 'claim', area: 'identity', owner: 'ada' })
    worker.crash()
    await Promise.all([stranded, claim])
    await writer.write(batch('sessions', '2'))
    expect(fallback.writes).toEqual(['sessions@1', 'claim', 'sessions@2'])
    expect(worker.terminated).toBe(true)
    expect(worker.posted).toHaveLength(2)
  })

  it('runs a pull in the worker, hearing its row counts and its total', async () => {
    const worker = new FakeWorker()
    const writer = workerWriter(worker, recordingWriter())
    const heard: number[] = []
    const pull = writer.pull('sessions', new AbortController().signal, (n) => heard.push(n))
    expect(worker.posted).toEqual([{ kind: 'pull', id: 1, collection: 'sessions' }])
    worker.reply({ kind: 'progress', id: 1, loaded: 5000 })
    worker.reply({ kind: 'progress', id: 1, loaded: 7500 })
    worker.reply({ id: 1, ok: true, loaded: 7500 })
    await expect(pull).resolves.toBe(7500)
    expect(heard).toEqual([5000, 7500])
  })

  it('asks the worker for the first batches and to drop them; this thread once the worker is gone', () => {
    const worker = new FakeWorker()
    const local = recordingWriter()
    const writer = workerWriter(worker, local)
    writer.firstBatches('start')
    writer.firstBatches('clear')
    expect(worker.posted).toEqual([
      { kind: 'firstBatches', action: 'start' },
      { kind: 'firstBatches', action: 'clear' },
    ])
    worker.crash()
    writer.firstBatches('start')
    expect(local.writes).toEqual(['firstBatches start'])
    expect(worker.posted).toHaveLength(2)
  })

  it('rebuilds an ApiError the worker met, and stops the worker’s pull when aborted', async () => {
    const worker = new FakeWorker()
    const writer = workerWriter(worker, recordingWriter())
    const failed = writer.pull('users', new AbortController().signal)
    worker.reply({ id: 1, ok: false, message: 'Nope', api: { status: 500, code: 1000, network: false } })
    await expect(failed).rejects.toMatchObject({ name: 'ApiError', status: 500, code: 1000 })
    const controller = new AbortController()
    const left = writer.pull('sessions', controller.signal)
    controller.abort(new Error('left the page'))
    await expect(left).rejects.toThrow('left the page')
    expect(worker.posted.at(-1)).toEqual({ kind: 'abort', id: 2 })
  })

  it('runs waiting and later pulls on this thread when the worker cannot run', async () => {
    const worker = new FakeWorker()
    const fallback = recordingWriter()
    const writer = workerWriter(worker, fallback)
    const claim = writer.write({ kind: 'claim', area: 'identity', owner: 'ada' })
    const stranded = writer.pull('sessions', new AbortController().signal)
    worker.crash()
    await expect(Promise.all([claim, stranded])).resolves.toEqual([undefined, 1])
    await expect(writer.pull('users', new AbortController().signal)).resolves.toBe(1)
    expect(fallback.writes).toEqual(['claim', 'pull sessions', 'pull users'])
  })
})
