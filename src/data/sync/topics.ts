import { type Topic, Topics } from '../../../schema/topics'
import type { OpenSource } from './changes'

const openEventSource: OpenSource = (url) => new EventSource(url)

/** The topics a change notice names (`data: {"topics":["outbox"]}`); others are ignored. */
export function topicsOf(data: unknown): Topic[] {
  try {
    const parsed = JSON.parse(String(data)) as { topics?: unknown }
    return Array.isArray(parsed.topics)
      ? parsed.topics.filter((t): t is Topic => (Topics as readonly unknown[]).includes(t))
      : []
  } catch {
    return []
  }
}

/**
 * Listens to GET /v1/events for `topic` (the outbox, the audit log) and calls `onChange` at most
 * once per `debounceMs`, after the last notice of a burst: a screen reads again from the server
 * when its table changed, not on a timer. A reconnection counts as a change (notices sent meanwhile
 * are lost). Returns the stop.
 */
export function listenForTopic(
  topic: Topic,
  onChange: () => void,
  debounceMs = 1000,
  open: OpenSource = openEventSource,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let opened = false
  const changed = () => {
    clearTimeout(timer)
    timer = setTimeout(onChange, debounceMs)
  }
  const source = open('/v1/events')
  source.addEventListener('open', () => {
    // The first opening needs nothing: the screen has just read.
    if (opened) changed()
    opened = true
  })
  source.addEventListener('message', (event: MessageEvent) => {
    if (topicsOf(event.data).includes(topic)) changed()
  })
  return () => {
    clearTimeout(timer)
    source.close()
  }
}
