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
 * Holds the open event streams and tells them the change feed's notices. Before each notice the
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

    // Topics are only a cue to read again (through routes that check access), so no session check.
    const unsubscribeTopics = app.changes.subscribeTopics((topics) => {
      if (streams.size > 0) streams.tellTopics(topics)
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
