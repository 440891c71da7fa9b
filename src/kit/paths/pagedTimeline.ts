import type { EventObject } from 'xstate'
import type { PagedContext } from '../machines/pagedTimeline'
import { refusal } from '../fixtures/service.fixtures'

/**
 * What the server answers a paged timeline's model (pagedTimeline.ts): the newest page, the older
 * one, and a refusal of each read.
 */
export const pageAnswers = (newest: unknown, older: unknown) => [
  { type: 'xstate.done.actor.loadPage', output: newest },
  { type: 'xstate.error.actor.loadPage', error: refusal(500, 'AN ERROR OCCURRED') },
  { type: 'xstate.done.actor.loadMore', output: older },
  { type: 'xstate.error.actor.loadMore', error: refusal(503, 'The server is busy.') },
]

type PagedSnapshot = {
  context: PagedContext<unknown>
  hasTag(tag: string): boolean
  can(event: EventObject): boolean
}

/**
 * What a paged timeline shows, in order: how many events (or `loading` while the first page is
 * read), then `notes`, the message, Retry (`retry` is its event), and 'Load older'.
 */
export function pagedShows(
  s: PagedSnapshot,
  loading: string,
  retry: EventObject,
  notes: string[] = [],
): string[] {
  const n = s.context.events.length
  const parts = [s.hasTag('busy') && n === 0 ? loading : `${n} event${n === 1 ? '' : 's'}`]
  parts.push(...notes)
  if (s.hasTag('error')) parts.push(`the message reads “${s.context.error}”`)
  if (s.can(retry)) parts.push('Retry')
  if (s.context.cursor !== null && n > 0)
    parts.push(s.hasTag('busy') ? "'Load older' waits" : "'Load older'")
  return parts
}
