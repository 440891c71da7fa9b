import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/types'
import type { App } from '../app-types'
import { deliverDue } from '../outbox/delivery'
import type { Outbox } from '../outbox/outbox'
import { transportsFor } from '../outbox/transports'
import { observeWebhookDeliveries } from '../repos/audit'
import { enqueueMessage } from '../repos/outbox'

const RETRY_INTERVAL_MS = 15_000
/** How long a request waits for its own message before answering anyway; the timer retries. */
const DELIVER_NOW_WAIT_MS = 3_000
/** When to look for the deliveries an audit row queued (its transaction commits meanwhile). */
const WEBHOOK_KICKS_MS = [10, 100, 500, 2_000] as const
const KICK_FOR_MS = 2_500

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
    const running = new Set<Promise<unknown>>()
    const timers = new Set<NodeJS.Timeout>()
    let closing = false
    const later = (ms: number, work: () => void) => {
      if (closing) return
      const timer = setTimeout(() => {
        timers.delete(timer)
        work()
      }, ms)
      timer.unref()
      timers.add(timer)
    }
    // A webhook retry due before the timer's next tick (the first is 5 s after a failure), or the
    // endpoint's next delivery once one was sent: a round then, not at the tick.
    const wakes = new Set<number>()
    const wake = (ms: number) => {
      if (ms >= RETRY_INTERVAL_MS) return
      const at = Date.now() + ms
      // One round serves the wake-ups due within a quarter second of it.
      for (const planned of wakes) if (Math.abs(planned - at) < 250) return
      wakes.add(at)
      // A little after, so that what is due then is due by the time the round reads the clock.
      later(ms + 20, () => {
        wakes.delete(at)
        void deliver()
      })
    }
    const { transports, close } = transportsFor(app.config, options.print, wake)
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

    // Deliveries an audit row queued: tried once their transaction commits, which this process
    // cannot see from here; a few rounds shortly after find them (a rolled-back one never shows).
    // Coalesced: a bulk change queueing many deliveries makes a few rounds, not a few per row.
    const fresh = new Map<string, number>()
    let kicking = false
    const kick = () => {
      kicking = false
      const now = Date.now()
      for (const [id, queuedAt] of fresh) if (now - queuedAt > KICK_FOR_MS) fresh.delete(id)
      if (!fresh.size) return
      void deliver([...fresh.keys()])
      const age = now - Math.max(...fresh.values())
      const next = WEBHOOK_KICKS_MS.find((ms) => ms > age)
      if (next === undefined) return
      kicking = true
      later(next - age, kick)
    }
    const stopHearing = observeWebhookDeliveries((ids) => {
      for (const id of ids) fresh.set(id, Date.now())
      if (kicking) return
      kicking = true
      later(WEBHOOK_KICKS_MS[0], kick)
    })

    const timer = setInterval(() => void deliver(), RETRY_INTERVAL_MS)
    timer.unref()
    app.addHook('onReady', (next) => {
      void deliver()
      next()
    })
    app.addHook('onClose', async () => {
      clearInterval(timer)
      closing = true
      stopHearing()
      for (const pending of timers) clearTimeout(pending)
      timers.clear()
      await Promise.allSettled(running)
      close()
    })
    done()
  },
  { name: 'outbox', dependencies: ['db'] },
)
