import { Button, Flex } from '@radix-ui/themes'
import { Text } from '@radix-ui/themes'
import { shallowEqual, useSelector } from '@xstate/react'
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import type { ActorRef, EventObject, Snapshot } from 'xstate'
import type { PagedContext } from '../../machines/pagedTimeline'
import { Reading, ReadFailure } from '../page/ReadStatus'

type PagedSnapshot<TItem, TEvent> = Snapshot<unknown> & {
  hasTag: (tag: 'busy' | 'error') => boolean
  can: (event: TEvent) => boolean
  context: PagedContext<TItem>
}

/** A paged timeline chart: tagged `busy` while it reads, `error` when a read failed. */
export type PagedActor<TItem, TEvent extends EventObject> = ActorRef<
  PagedSnapshot<TItem, TEvent>,
  TEvent
>

/** What the list says: its name, while it first reads, when empty, when the first read failed. */
export type PagedWords = { label: string; loading: string; empty: string; failed: string }

type Props<TItem extends { id: string }, TEvent extends EventObject> = {
  actor: PagedActor<TItem, TEvent>
  /** The chart's Retry and Load older events. */
  retry: TEvent
  loadMore: TEvent
  words: PagedWords
  /** Reaching the list's end asks for the next page, as 'Load older' does. */
  infinite?: boolean
  gap?: '2'
  className?: string
  style?: CSSProperties
  /** One event's list item; `now` is when the list opened ('n days ago'). */
  item: (item: TItem, now: number) => ReactNode
  /** What goes with the list (the Logs detail dialog). */
  children?: ReactNode
}

/**
 * Audit events read page by page (Logs, a user's Timeline): a spinner while the newest page is
 * read, the events newest first, why a read failed with Retry, and 'Load older' while there are
 * more. A failed older page keeps the events shown.
 */
export function PagedEvents<TItem extends { id: string }, TEvent extends EventObject>(
  props: Props<TItem, TEvent>,
) {
  const { actor, retry, loadMore, words, infinite } = props
  const { events, loading, busy, error, canRetry, canLoadMore, hasMore } = useSelector(
    actor,
    (s) => ({
      events: s.context.events,
      loading: s.hasTag('busy') && s.context.events.length === 0,
      busy: s.hasTag('busy'),
      error: s.hasTag('error') ? s.context.error : null,
      canRetry: s.can(retry),
      canLoadMore: s.can(loadMore),
      hasMore: s.context.cursor !== null,
    }),
    shallowEqual,
  )
  // 'n days ago' as of when the list opened; the exact time is in each title.
  const [now] = useState(Date.now)
  const end = useRef<HTMLDivElement>(null)

  // Infinite paging: reaching the list's end asks for the next page ('Load older' does the same).
  useEffect(() => {
    const target = end.current
    if (!infinite || !target || typeof IntersectionObserver === 'undefined' || !canLoadMore) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) actor.send(loadMore)
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [actor, loadMore, infinite, canLoadMore, events.length])

  if (loading) return <Reading message={words.loading} />
  return (
    <Flex direction="column" gap="2">
      {events.length === 0 && !error && <Text color="gray">{words.empty}</Text>}
      {events.length > 0 && (
        <Flex direction="column" gap={props.gap} asChild>
          <ol aria-label={words.label} className={props.className} style={props.style}>
            {events.map((event) => props.item(event, now))}
          </ol>
        </Flex>
      )}
      {error && (
        <ReadFailure
          message={events.length === 0 ? words.failed : 'Older events could not be loaded'}
          error={error}
          onRetry={canRetry ? () => actor.send(retry) : undefined}
        />
      )}
      {hasMore && events.length > 0 && (
        <Flex justify="center" ref={end}>
          <Button
            variant="soft"
            size="1"
            loading={busy}
            disabled={!canLoadMore}
            onClick={() => actor.send(loadMore)}
          >
            Load older
          </Button>
        </Flex>
      )}
      {props.children}
    </Flex>
  )
}
