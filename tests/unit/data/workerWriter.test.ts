import { describe, expect, it } from 'vitest'
import { workerWriter, type WorkerPort } from '../../../src/data/sync/workerWriter'
import type { BatchWriter } from '../../../src/data/sync/writer'
import type { WriteOp, WriteReply, WriteRequest } from '../../../src/data/sync/writerProtocol'

/** A worker stand-in: the test decides how each posted batch ends. */
class FakeWorker extends EventTarget implements WorkerPort {
  readonly posted: WriteRequest[] = []
  terminated = false
  postMessage(request: WriteRequest) {
    this.posted.push(request)
  }
  terminate() {
    this.terminated = true
  }
  reply(reply: WriteReply) {
    this.dispatchEvent(new MessageEvent('message', { data: reply }))
  }
  crash() {
    this.dispatchEvent(new Event('error', { cancelable: true }))
  }
}

function recordingWriter(): BatchWriter & { writes: string[] } {
  const writes: string[] = []
  return {
    writes,
    write: (op: WriteOp) => {
      writes.push(op.kind === 'batch' ? `${op.collection}@${op.cursor}` : `${op.kind}`)
      return Promise.resolve()
    },
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
})
