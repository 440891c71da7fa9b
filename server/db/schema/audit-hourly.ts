import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { at } from './columns'

/**
 * Audit events counted per UTC hour, action, outcome and service (docs/dashboard.md): a statement
 * trigger on audit_log adds each insert's counts (migration `dashboard_rollup`), so the Dashboard's
 * charts read at most 720 hours × a few actions instead of the log itself. `service` is the service
 * an `oidc.authorize` event names (detail.serviceId or serviceKey), '' for every other action.
 */
export const auditHourly = pgTable(
  'audit_hourly',
  {
    hour: at('hour').notNull(),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    service: text('service').notNull().default(''),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.action, t.outcome, t.service] })],
)
export type AuditHourlyRow = typeof auditHourly.$inferSelect
