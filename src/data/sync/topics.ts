import { type Topic, Topics } from '../../../schema/topics'

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

type TopicListener = (topics: readonly Topic[]) => void

const listeners = new Set<TopicListener>()

/**
 * Passes on the topics the console's one change stream named (GET /v1/events, which the sync
 * statechart listens to: `listenForChanges`). The server names only topics the signed-in user may
 * read; a reconnection names them all, since notices sent meanwhile are lost.
 */
export function tellTopics(topics: readonly Topic[]): void {
  if (topics.length === 0) return
  for (const listener of listeners) listener(topics)
}

/**
 * Hears `topics` (the outbox, the audit log) on the console's change stream and calls `onChange`
 * once per burst, `debounceMs` after its last notice: a screen reads again from the server when its
 * table changed, not on a timer, and opens no stream of its own. Returns the stop.
 */
export function listenForTopics(
  topics: readonly Topic[],
  onChange: () => void,
  debounceMs = 1000,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const listener: TopicListener = (told) => {
    if (!told.some((topic) => topics.includes(topic))) return
    clearTimeout(timer)
    timer = setTimeout(onChange, debounceMs)
  }
  listeners.add(listener)
  return () => {
    clearTimeout(timer)
    listeners.delete(listener)
  }
}
