import fp from 'fastify-plugin'
import type { App } from '../app-types'
import { purgeExpired, purgeSignInGuards } from '../use-cases/session-purge'
import { runPeriodically } from './periodic'

const PURGE_INTERVAL_MS = 60_000

/**
 * Deletes expired sessions at start and every minute, so the Sessions list (and every console's
 * cache, through tombstones) holds only live ones, and what the sign-in defences are done with.
 * One audit row per purge that deleted any. A slow purge is not started twice over; the next tick
 * catches up. Purges in several processes are harmless: each row is deleted by one of them.
 */
export default fp(
  (app: App, _options, done) => {
    runPeriodically(app, PURGE_INTERVAL_MS, 'session purge failed', async () => {
      await purgeSignInGuards(app.db, app.config)
      const count = await purgeExpired(app.db)
      // Timers end most of these streams at expiry already; this catches a slow or missed one.
      if (count > 0) await app.eventStreams.recheck()
    })
    done()
  },
  { name: 'session-purge', dependencies: ['db', 'event-streams'] },
)
