import fp from 'fastify-plugin'
import type { App } from '../app-types'
import type { Config } from '../config'
import type { Db } from '../db/types'
import { deliverDue, type Transports } from '../outbox/delivery'
import { logTransport } from '../outbox/log-transport'
import { smsWebhookTransport } from '../outbox/sms-transport'
import { smtpTransport } from '../outbox/smtp-transport'
import { enqueueMessage, type NewMessage } from '../outbox/queue'

const RETRY_INTERVAL_MS = 15_000
/** How long a request waits for its own message before answering anyway; the timer retries. */
const DELIVER_NOW_WAIT_MS = 3_000

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

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox
  }
}

/** The transports the configuration asks for; the admin command delivers through them too. */
export function transportsFor(config: Config, print: (text: string) => void) {
  const log = logTransport(config.dataDir, print)
  const smtp = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined
  const transports: Transports = {
    email: smtp ?? log,
    sms: config.smsWebhookUrl ? smsWebhookTransport(config.smsWebhookUrl) : log,
  }
  return { transports, close: () => smtp?.close() }
}

/**
 * The outbound message queue (DESIGN.md §3): one table, delivery attempted at once and retried with
 * backoff by a timer that stops when the app closes.
 */
export default fp(
  (app: App, options: { print: (text: string) => void }, done) => {
    const { transports, close } = transportsFor(app.config, options.print)
    const running = new Set<Promise<unknown>>()
    const track = <T>(work: Promise<T>) => {
      running.add(work)
      void work.finally(() => running.delete(work)).catch(() => {})
      return work
    }
    const deliver = (ids?: string[]) =>
      track(deliverDue(app.db, transports, ids)).catch((error: unknown) => {
        app.log.error({ err: error }, 'outbox delivery failed')
        return 0
      })

    app.decorate('outbox', {
      enqueue: (db, message) => enqueueMessage(db, message),
      async deliverNow(ids) {
        const wait = new Promise((resolve) => setTimeout(resolve, DELIVER_NOW_WAIT_MS).unref())
        await Promise.race([deliver(ids), wait])
      },
      afterAnswer(queue) {
        // setImmediate runs after the handler's answer has been written.
        const work = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => app.db.transaction((tx) => queue(tx)))
          .then((id) => (id ? deliver([id]) : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'outbox: queueing failed'))
        void track(work)
      },
    } satisfies Outbox)

    const timer = setInterval(() => void deliver(), RETRY_INTERVAL_MS)
    timer.unref()
    app.addHook('onReady', (next) => {
      void deliver()
      next()
    })
    app.addHook('onClose', async () => {
      clearInterval(timer)
      await Promise.allSettled(running)
      close()
    })
    done()
  },
  { name: 'outbox', dependencies: ['db'] },
)
