import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, id } from './columns'

export type AuditOutcome = 'success' | 'failure' | 'refused'

/**
 * Who did what, from where, and how it ended. No foreign keys: the trail must outlive the users it
 * names. The partial (ip, at) index of failed sign-in steps serves the throttle, which then reads
 * only failures, not every sign-in from a busy address (docs/server-performance.md); (ip, at) the reset throttles; (subject, at) the user's history; (action, at) the
 * per-address reset throttle and the Logs screen's filter by action.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: at('at').notNull(),
    actorUserId: uuid('actor_user_id'),
    subjectUserId: uuid('subject_user_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull().$type<AuditOutcome>(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_ip_at_idx').on(t.ip, t.at),
    index('audit_log_failed_sign_in_idx')
      .on(t.ip, t.at)
      .where(sql`outcome = 'failure' and action in ('login', 'login.verify')`),
    index('audit_log_subject_at_idx').on(t.subjectUserId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
    // Logs (docs/logs.md): newest first by (at, id), alone or after an equality filter.
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_actor_at_id_idx').on(t.actorUserId, t.at, t.id),
    index('audit_log_outcome_at_id_idx').on(t.outcome, t.at, t.id),
    index('audit_log_service_at_id_idx').on(sql`(${t.detail} ->> 'serviceId')`, t.at, t.id),
  ],
)
export type AuditRow = typeof auditLog.$inferSelect
