/**
 * Change-feed topics (docs/queue.md, docs/dashboard.md): tables that are not synced but whose
 * screens want to know when they change. GET /v1/events tells them as `data: {"topics":["outbox"]}`
 * to consoles whose user may read them; the screen then reads again from the server.
 */
export const Topics = ['outbox', 'audit'] as const
export type Topic = (typeof Topics)[number]
