import fp from 'fastify-plugin'
import type { App } from '../app-types'

declare module 'fastify' {
  interface FastifyInstance {
    /** Vacuums the embedded database now (at once on PostgreSQL, whose autovacuum does it). */
    maintenance: { run(): Promise<void> }
  }
}

/** How often the embedded database is vacuumed and its statistics refreshed. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000
/** The first run waits this long after start, so that start-up and first requests come first. */
export const MAINTENANCE_FIRST_DELAY_MS = 60 * 1000

/**
 * PGlite is PostgreSQL in one process without its background workers: nothing autovacuums or
 * autoanalyzes. Every update leaves a dead row version (sessions slide, users sign in, the audit
 * rollup counts each event), so without this the hot tables grow for ever and the planner works
 * from stale statistics. `VACUUM (ANALYZE)` runs a minute after start and every hour; it skips
 * pages that are all visible, so after the first run it reads little (docs/server-storage.md).
 * PostgreSQL's own autovacuum does this there, so the plugin does nothing on it.
 */
export default fp(
  (app: App, _options, done) => {
    const pglite = app.database.pglite
    if (!pglite) {
      app.decorate('maintenance', { run: () => Promise.resolve() })
      done()
      return
    }
    let running: Promise<void> | undefined
    const run = () => {
      running ??= (async () => {
        const started = performance.now()
        await pglite.exec('vacuum (analyze)')
        app.log.info({ ms: Math.round(performance.now() - started) }, 'database vacuumed')
      })()
        .catch((error: unknown) => app.log.error({ err: error }, 'database vacuum failed'))
        .finally(() => (running = undefined))
    }
    const first = setTimeout(run, MAINTENANCE_FIRST_DELAY_MS)
    first.unref()
    const timer = setInterval(run, MAINTENANCE_INTERVAL_MS)
    timer.unref()
    app.decorate('maintenance', {
      run: () => {
        run()
        return running ?? Promise.resolve()
      },
    })
    app.addHook('onClose', async () => {
      clearTimeout(first)
      clearInterval(timer)
      await running
    })
    done()
  },
  { name: 'pglite-maintenance', dependencies: ['db'] },
)
