import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Collections } from '../../../schema/sync'
import { collectionsOf, listenForChanges, type OpenSource } from '../../../src/data/sync/changes'

class FakeSource extends EventTarget {
  readyState = 1
  closed = false
  close() {
    this.closed = true
    this.readyState = 2
  }
  emit(type: string, data?: string) {
    this.dispatchEvent(type === 'message' ? new MessageEvent('message', { data }) : new Event(type))
  }
}

let sources: FakeSource[]
const open: OpenSource = (url) => {
  expect(url).toBe('/v1/events')
  const source = new FakeSource()
  sources.push(source)
  return source as unknown as ReturnType<OpenSource>
}

beforeEach(() => {
  sources = []
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('change notices from /v1/events', () => {
  it('reads the collections a notice names, ignoring unknown ones and bad data', () => {
    expect(collectionsOf('{"collections":["sessions","nope","users"]}')).toEqual(['sessions', 'users'])
    expect(collectionsOf('not json')).toEqual([])
    expect(collectionsOf('{"other":1}')).toEqual([])
  })

  it('reports named collections, and all of them on each (re)connection', () => {
    const heard: string[][] = []
    const stop = listenForChanges((collections) => heard.push(collections), open)
    const source = sources[0]
    source?.emit('open')
    source?.emit('message', '{"collections":["sessions"]}')
    source?.emit('message', '{"collections":[]}')
    expect(heard).toEqual([[...Collections], ['sessions']])
    stop()
    expect(source?.closed).toBe(true)
  })

  it('reconnects after the server closed the stream', () => {
    const stop = listenForChanges(() => {}, open, 5000)
    const first = sources[0]
    first?.emit('error') // still connecting: the browser retries by itself
    vi.advanceTimersByTime(5000)
    expect(sources).toHaveLength(1)
    first?.close()
    first?.emit('error')
    vi.advanceTimersByTime(5000)
    expect(sources).toHaveLength(2)
    stop()
    expect(sources[1]?.closed).toBe(true)
  })
})
