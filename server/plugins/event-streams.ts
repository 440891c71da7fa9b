import fp from 'fastify-plugin'
import type { Collection } from '../../schema/sync'
import type { App } from '../app-types'
import { SessionStreams } from './session-streams'

declare module 'fastify' {
  interface FastifyInstance {
    /** The open event streams (GET /v1/events) by session; see SessionStreams. */
    eventStreams: SessionStreams
  }
}

/**
 * Holds the open event streams and tells them the change feed's notices (collections, and the
 * topics outbox and audit for the Queue and Dashboard). Before each notice the
 * sessions are checked again, so a stream whose session ended (in this process or any other
 * sharing the database) is closed instead of hearing about the change.
 */
export default fp(
  (app: App, _options, done) => {
    const streams = new SessionStreams(app.db, app.log)
    app.decorate('eventStreams', streams)

    const unsubscribe = app.changes.subscribe((changed: ReadonlySet<Collection>) => {
      if (streams.size === 0) return
      void streams
        .recheck()
        .catch((error: unknown) => app.log.warn({ err: error }, 'events: could not check sessions'))
        .finally(() => streams.tell(changed))
    })

    // Topics too are told only after the check: a stream whose user lost the Queue's or the
    // Dashboard's permission (the change commits with its audit event) ends instead of hearing it.
    const unsubscribeTopics = app.changes.subscribeTopics((topics) => {
      if (streams.size === 0) return
      void streams
        .recheck()
        .catch((error: unknown) => app.log.warn({ err: error }, 'events: could not check sessions'))
        .finally(() => streams.tellTopics(topics))
    })

    // Open streams would otherwise hold app.close() (and the port) until every browser went away.
    app.addHook('preClose', (doneClosing) => {
      unsubscribe()
      unsubscribeTopics()
      streams.endAll()
      doneClosing()
    })
    done()
  },
  { name: 'event-streams', dependencies: ['db', 'change-feed'] },
)
