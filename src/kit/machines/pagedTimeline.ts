import { serverMessage } from './notification.messages'

/** One page of a timeline read from the server, newest first. */
export type TimelinePage<TEvent> = { events: TEvent[]; cursor: string | null }

/** What a paged timeline chart keeps: the events so far, where the next page starts, why not. */
export type PagedContext<TEvent> = {
  /** Newest first, as the pages came. */
  events: TEvent[]
  /** Where the next (older) page starts; null when there is none. */
  cursor: string | null
  /** Why the last read failed, in words. */
  error: string | null
}

/** The newest page replaces what was shown. */
export const firstPage = <TEvent>(page: TimelinePage<TEvent>) => ({
  events: page.events,
  cursor: page.cursor,
  error: null,
})

/** An older page goes below the events shown. */
export const olderPage = <TEvent>(context: PagedContext<TEvent>, page: TimelinePage<TEvent>) => ({
  events: [...context.events, ...page.events],
  cursor: page.cursor,
  error: null,
})

/** Why a page could not be read, from the invoke's error event. */
export const pageError = (event: unknown) => serverMessage((event as { error?: unknown }).error)

/** The words the Flows page shows for the steps every paged timeline shares. */
export const PAGED_STEPS = {
  firstDone: 'The newest page came: its events show, newest first.',
  firstFailed: 'The read failed: the message and Retry show.',
  olderDone: 'The older page came: its events are added below.',
  olderFailed: 'Reading older events failed: the events stay, the message shows.',
} as const
