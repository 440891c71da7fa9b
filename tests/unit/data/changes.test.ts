import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Collections } from '../../../schema/sync'
import { Topics } from '../../../schema/topics'
import { collectionsOf, listenForChanges, type OpenSource } from '../../../src/data/sync/changes'
import { listenForTopics, tellTopics, topicsOf } from '../../../src/data/sync/topics'

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

describe('topics on the same stream (Queue, Dashboard)', () => {
  it('reads the topics a notice names, ignoring unknown ones and bad data', () => {
    expect(topicsOf('{"topics":["outbox","nope","audit"]}')).toEqual(['outbox', 'audit'])
    expect(topicsOf('{"collections":["users"]}')).toEqual([])
    expect(topicsOf('not json')).toEqual([])
  })

  it('passes topics on, apart from collections, and all topics again on a reconnection', () => {
    const collections: string[][] = []
    const topics: string[][] = []
    const stop = listenForChanges(
      (changed) => collections.push(changed),
      open,
      5000,
      () => {},
      (told) => void topics.push([...told]),
    )
    const source = sources[0]
    source?.emit('open')
    source?.emit('message', '{"topics":["outbox"]}')
    expect(collections).toEqual([])
    expect(topics.filter((t) => t.length > 0)).toEqual([['outbox']])
    source?.emit('open') // the browser reconnected by itself
    expect(topics.filter((t) => t.length > 0)).toEqual([['outbox'], [...Topics]])
    stop()
    expect(sources).toHaveLength(1)
  })

  it("tells a screen's listener once per burst of its topics, not of others", () => {
    let heard = 0
    const stop = listenForTopics(['outbox'], () => heard++, 1000)
    tellTopics(['audit'])
    vi.advanceTimersByTime(1000)
    expect(heard).toBe(0)
    tellTopics(['outbox'])
    vi.advanceTimersByTime(500)
    tellTopics(['audit', 'outbox'])
    vi.advanceTimersByTime(999)
    expect(heard).toBe(0)
    vi.advanceTimersByTime(1)
    expect(heard).toBe(1)
    stop()
    tellTopics(['outbox'])
    vi.advanceTimersByTime(1000)
    expect(heard).toBe(1)
  })
})
