import type { FastifyBaseLogger } from 'fastify'
import type { Collection } from '../../schema/sync'
import type { Topic } from '../../schema/topics'
import type { Db } from '../db/types'
import { readableCollections, readableTopics } from '../domain/collection-access'
import { isSessionExpired } from '../domain/session-times'
import { type SessionExpiry, sessionStates } from '../repos/sessions'

/** What the registry needs of an open event stream (routes/events/stream.ts). */
export interface SessionStream {
  readonly sessionId: string
  /** The collections the stream tells about, decided from its user's permissions when it opened. */
  readonly readable?: ReadonlySet<Collection>
  /** The topics (outbox, audit) the stream tells about, decided the same way. */
  readonly topics?: ReadonlySet<Topic>
  tell(changed: ReadonlySet<Collection>): void
  /** Tells the topics (outbox, audit) this stream's user may read. */
  tellTopics?(changed: ReadonlySet<Topic>): void
  end(): void
}

/** setTimeout's longest delay; a later expiry is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1

interface Entry {
  streams: Set<SessionStream>
  timer?: ReturnType<typeof setTimeout>
}

const sameSet = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) =>
  a.size === b.size && [...a].every((item) => b.has(item))

/**
 * The open event streams by session. A stream lives only as long as its session: it is ended when
 * the session is deleted here (logout, revoke, purge, sign-in replacing it), when its idle or
 * absolute expiry passes (a timer per session, re-read from the database since use slides it), and
 * whenever a check against the database finds the session gone, which is how a session deleted by
 * another server process is noticed. The same check ends a stream whose user was disabled, or whose
 * permissions now allow other collections or topics than when it opened: the console reconnects, and
 * the new stream tells what the user may read now (a staff change takes effect at once, docs/server-users.md).
 */
export class SessionStreams {
  private readonly bySession = new Map<string, Entry>()

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  get size() {
    return this.bySession.size
  }

  add(stream: SessionStream, expiry: SessionExpiry) {
    let entry = this.bySession.get(stream.sessionId)
    if (!entry) this.bySession.set(stream.sessionId, (entry = { streams: new Set() }))
    entry.streams.add(stream)
    this.arm(stream.sessionId, expiry)
  }

  /** Forgets a stream that ended (the browser went away). */
  remove(stream: SessionStream) {
    const entry = this.bySession.get(stream.sessionId)
    if (!entry?.streams.delete(stream) || entry.streams.size > 0) return
    clearTimeout(entry.timer)
    this.bySession.delete(stream.sessionId)
  }

  /** Ends the streams of sessions that were just deleted. */
  end(sessionIds: Iterable<string>) {
    for (const id of sessionIds) {
      const entry = this.bySession.get(id)
      if (!entry) continue
      clearTimeout(entry.timer)
      this.bySession.delete(id)
      for (const stream of entry.streams) stream.end()
    }
  }

  endAll() {
    this.end([...this.bySession.keys()])
  }

  /** Ends the streams whose session is gone or expired, and re-arms the others' expiry timers. */
  async recheck(sessionIds: string[] = [...this.bySession.keys()]): Promise<void> {
    if (sessionIds.length === 0) return
    const found = await sessionStates(this.db, sessionIds)
    const now = new Date()
    for (const id of sessionIds) {
      const state = found.get(id)
      if (!state || state.disabled || isSessionExpired(state, now)) this.end([id])
      else if (this.bySession.has(id)) {
        this.endOutdated(id, readableCollections(state.permissions), readableTopics(state))
        this.arm(id, state)
      }
    }
  }

  /** Ends the session's streams that tell about other collections or topics than the user may read now. */
  private endOutdated(
    sessionId: string,
    readable: ReadonlySet<Collection>,
    topics: ReadonlySet<Topic>,
  ) {
    const entry = this.bySession.get(sessionId)
    if (!entry) return
    for (const stream of [...entry.streams]) {
      const sameCollections = !stream.readable || sameSet(stream.readable, readable)
      const sameTopics = !stream.topics || sameSet(stream.topics, topics)
      if (sameCollections && sameTopics) continue
      entry.streams.delete(stream)
      stream.end()
    }
    if (entry.streams.size > 0) return
    clearTimeout(entry.timer)
    this.bySession.delete(sessionId)
  }

  tell(changed: ReadonlySet<Collection>) {
    for (const entry of this.bySession.values()) {
      for (const stream of entry.streams) stream.tell(changed)
    }
  }

  tellTopics(changed: ReadonlySet<Topic>) {
    for (const entry of this.bySession.values()) {
      for (const stream of entry.streams) stream.tellTopics?.(changed)
    }
  }

  private arm(sessionId: string, expiry: SessionExpiry) {
    const entry = this.bySession.get(sessionId)
    if (!entry) return
    clearTimeout(entry.timer)
    const endsAt = Math.min(expiry.expires.getTime(), expiry.absoluteExpires.getTime())
    const delay = Math.min(Math.max(endsAt - Date.now(), 0), LONGEST_TIMER_MS)
    entry.timer = setTimeout(() => {
      this.recheck([sessionId]).catch((error: unknown) =>
        this.log.warn({ err: error }, 'events: could not check a session'),
      )
    }, delay)
    entry.timer.unref()
  }
}
