import fp from 'fastify-plugin'
import type { App } from '../app-types'
import { purgeOldAudit } from '../use-cases/audit-retention'
import { runPeriodically } from './periodic'

const RETENTION_INTERVAL_MS = 60 * 60 * 1000

/**
 * Purges audit events older than AUDIT_RETENTION_DAYS at start and every hour (docs/logs.md).
 * Like the session purge, a slow run is not started twice.
 */
export default fp(
  (app: App, _options, done) => {
    runPeriodically(app, RETENTION_INTERVAL_MS, 'audit retention failed', async () => {
      const count = await purgeOldAudit(app.db, app.config.auditRetentionDays)
      if (count > 0) app.log.info({ count }, 'audit retention purged old events')
    })
    done()
  },
  { name: 'audit-retention', dependencies: ['db'] },
)
