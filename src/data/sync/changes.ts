import { Collections, type Collection } from '../../../schema/sync'
import { Topics } from '../../../schema/topics'
import { tellTopics, topicsOf } from './topics'

type Source = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'>
export type OpenSource = (url: string) => Source

// EventSource.CLOSED, spelled out because tests run where EventSource does not exist.
const CLOSED = 2
const openEventSource: OpenSource = (url) => new EventSource(url)
const isCollection = (value: unknown): value is Collection =>
  (Collections as readonly unknown[]).includes(value)

/** The collections a change notice names (`data: {"collections":["sessions"]}`); unknown ones are ignored. */
export function collectionsOf(data: unknown): Collection[] {
  try {
    const parsed = JSON.parse(String(data)) as { collections?: unknown }
    return Array.isArray(parsed.collections) ? parsed.collections.filter(isCollection) : []
  } catch {
    return []
  }
}

/**
 * Listens to GET /v1/events, the console's one change stream, and reports the collections that
 * changed. Every (re)connection is reported too (`onConnect`), because notices sent while
 * disconnected are lost; by default it reports all collections, whose pull costs one request each
 * when nothing changed. The sync statechart tells the connections apart: one made before its load
 * began needs no pull at all. Topics (`{"topics":["outbox"]}`, for the Queue and Dashboard, which
 * read the server rather than a cache) go to `onTopics`, all of them again at a reconnection.
 * Returns the stop.
 */
export function listenForChanges(
  onChange: (collections: Collection[]) => void,
  open: OpenSource = openEventSource,
  retryMs = 5000,
  onConnect: () => void = () => onChange([...Collections]),
  onTopics: typeof tellTopics = tellTopics,
): () => void {
  let source: Source | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let connected = false
  const connect = () => {
    source = open('/v1/events')
    source.addEventListener('open', () => {
      onConnect()
      // A screen reading a topic has just read at its opening; only a reconnection can have lost one.
      if (connected) onTopics([...Topics])
      connected = true
    })
    source.addEventListener('message', (event: MessageEvent) => {
      const changed = collectionsOf(event.data)
      if (changed.length > 0) onChange(changed)
      onTopics(topicsOf(event.data))
    })
    // The browser reconnects by itself unless the server refused the stream (closed).
    source.addEventListener('error', () => {
      if (source?.readyState !== CLOSED) return
      retry = setTimeout(connect, retryMs)
    })
  }
  connect()
  return () => {
    clearTimeout(retry)
    source?.close()
  }
}
