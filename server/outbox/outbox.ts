import type { Db } from '../db/types'
import type { NewMessage } from '../repos/outbox'

/** The outbox as use cases see it; plugins/outbox.ts runs it (app.outbox). */
export interface Outbox {
  /** Queues a message inside the caller's transaction. */
  enqueue(db: Db, message: NewMessage): Promise<string>
  /** Tries to deliver these queued messages now (after their transaction committed). */
  deliverNow(ids: string[]): Promise<void>
  /**
   * Queues and delivers a message once the current answer has gone: work that only some callers
   * do (a known address) must not delay their answer, or its timing tells who has an account. The
   * work is tracked, so closing the app waits for it; a failure is logged.
   */
  afterAnswer(queue: (db: Db) => Promise<string | undefined>): void
}
