import fp from 'fastify-plugin'
import type { App } from '../app-types'
import { purgeOldAudit } from '../use-cases/audit-retention'

const RETENTION_INTERVAL_MS = 60 * 60 * 1000

/**
 * Purges audit events older than AUDIT_RETENTION_DAYS at start and every hour (docs/logs.md).
 * Like the session purge, a slow run is not started twice.
 */
export default fp(
  (app: App, _options, done) => {
    let running: Promise<void> | undefined
    const run = () => {
      running ??= purgeOldAudit(app.db, app.config.auditRetentionDays)
        .then((count) => {
          if (count > 0) app.log.info({ count }, 'audit retention purged old events')
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'audit retention failed'))
        .finally(() => (running = undefined))
    }
    const timer = setInterval(run, RETENTION_INTERVAL_MS)
    timer.unref()
    app.addHook('onReady', (next) => {
      run()
      next()
    })
    app.addHook('onClose', async () => {
      clearInterval(timer)
      await running
    })
    done()
  },
  { name: 'audit-retention', dependencies: ['db'] },
)
