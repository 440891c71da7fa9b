import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/types'
import type { App } from '../app-types'
import { deliverDue } from '../outbox/delivery'
import type { Outbox } from '../outbox/outbox'
import { transportsFor } from '../outbox/transports'
import { enqueueMessage } from '../repos/outbox'

const RETRY_INTERVAL_MS = 15_000
/** How long a request waits for its own message before answering anyway; the timer retries. */
const DELIVER_NOW_WAIT_MS = 3_000

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox
  }
  interface FastifyRequest {
    /** The outbox for this request's use cases: its after-answer work waits for the answer. */
    readonly outbox: Outbox
  }
}

const AFTER_ANSWER = Symbol('afterAnswer')
type Pending = (db: Db) => Promise<string | undefined>
type WithPending = FastifyRequest & { [AFTER_ANSWER]?: Pending[] }

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
        // Outside a request (operator commands), after the current turn of the loop.
        setImmediate(() => runAfterAnswer(queue))
      },
    } satisfies Outbox)

    const runAfterAnswer = (queue: Pending) => {
      const work = app.db
        .transaction((tx) => queue(tx))
        .then((id) => (id ? deliver([id]) : undefined))
        .catch((error: unknown) => app.log.error({ err: error }, 'outbox: queueing failed'))
      void track(work)
    }
    // A request's after-answer work runs once its answer has been written to the socket (onResponse),
    // not at the next turn of the loop: an answer can still be on its way through onSend hooks and
    // compression then, and the work would delay it (docs/server-security.md, Timing).
    app.decorateRequest('outbox', {
      getter(this: WithPending): Outbox {
        const pending = (this[AFTER_ANSWER] ??= [])
        return { ...app.outbox, afterAnswer: (queue) => void pending.push(queue) }
      },
    })
    app.addHook('onResponse', (request: WithPending, _reply, next) => {
      const pending = request[AFTER_ANSWER]
      if (pending) for (const queue of pending) runAfterAnswer(queue)
      next()
    })

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
