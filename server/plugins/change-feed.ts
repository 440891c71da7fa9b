import fp from 'fastify-plugin'
import { type Collection, Collections } from '../../schema/sync'
import { type Topic, Topics } from '../../schema/topics'
import type { App } from '../app-types'
import { snapshotBound, snapshotHorizon } from '../repos/sync/window'
import {
  type ChangeListener,
  type ChangeListenerEvents,
  listenPglite,
  listenPostgres,
  pgliteClientOf,
} from './change-listeners'

export type ChangeSubscriber = (collections: ReadonlySet<Collection>) => void
export type TopicSubscriber = (topics: ReadonlySet<Topic>) => void

export interface ChangeFeed {
  /** Hears which collections changed, in any process sharing the database. Returns the unsubscribe. */
  subscribe(subscriber: ChangeSubscriber): () => void
  /** Hears which topics (outbox, audit) changed; told at once, coalesced. Returns the unsubscribe. */
  subscribeTopics(subscriber: TopicSubscriber): () => void
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed
  }
}

/** Notices within this window are told as one, so a burst of writes is one message per console. */
const COALESCE_MS = 50
/** How often a change not yet readable by sync is looked at again. */
const RECHECK_MS = 100

/** `<collection>:<txid>` as the notify trigger sends it (migration 0002). */
function parseNotice(payload: string): { collection: Collection; txid: bigint } | undefined {
  const [collection, txid] = payload.split(':')
  if (!collection || !txid || !/^\d+$/.test(txid)) return undefined
  if (!(Collections as readonly string[]).includes(collection)) return undefined
  return { collection: collection as Collection, txid: BigInt(txid) }
}

/** `<topic>:<txid>` from the outbox and audit_log triggers (migration queue_dashboard). */
function parseTopic(payload: string): Topic | undefined {
  const [topic] = payload.split(':')
  return (Topics as readonly string[]).includes(topic ?? '') ? (topic as Topic) : undefined
}

/**
 * The change feed (DESIGN.md §5): the database notifies `gatehouse_changes` at every commit that
 * touched a synced table (migration 0002); this plugin listens and tells its subscribers. Through
 * PostgreSQL, a commit by any server process reaches every process.
 *
 * A notice is held until sync can read the change: sync reads only below its snapshot's xmin, so
 * while an older transaction (any, in any database of the cluster) is still running, the change is
 * invisible to it, and a console told at once would pull nothing and never be told again.
 */
export default fp(
  async (app: App) => {
    const subscribers = new Set<ChangeSubscriber>()
    const topicSubscribers = new Set<TopicSubscriber>()
    /**
     * Topics waiting to be told. A topic's reader reads the table itself, which sees whatever
     * committed (the notice comes at commit), so topics are not held back like collections.
     */
    const pendingTopics = new Set<Topic>()
    let topicTimer: ReturnType<typeof setTimeout> | undefined
    const flushTopics = () => {
      topicTimer = undefined
      const changed = new Set(pendingTopics)
      pendingTopics.clear()
      for (const subscriber of topicSubscribers) {
        try {
          subscriber(changed)
        } catch (error) {
          app.log.error({ err: error }, 'change feed: a topic subscriber failed')
        }
      }
    }
    const markTopics = (topics: Iterable<Topic>) => {
      for (const topic of topics) pendingTopics.add(topic)
      if (!closed && !topicTimer && pendingTopics.size > 0)
        topicTimer = setTimeout(flushTopics, COALESCE_MS)
    }
    /** Collections waiting to be told, with the newest transaction that changed each. */
    const pending = new Map<Collection, bigint>()
    let timer: ReturnType<typeof setTimeout> | undefined
    let flushing = false
    let closed = false

    const schedule = (ms: number) => {
      if (closed || timer || flushing || pending.size === 0) return
      timer = setTimeout(() => void flush(), ms)
    }
    const tell = (changed: ReadonlySet<Collection>) => {
      for (const subscriber of subscribers) {
        try {
          subscriber(changed)
        } catch (error) {
          app.log.error({ err: error }, 'change feed: a subscriber failed')
        }
      }
    }
    const flush = async () => {
      timer = undefined
      flushing = true
      try {
        const readableBelow = BigInt(await snapshotBound(app.db))
        const ready = new Set<Collection>()
        for (const [collection, txid] of pending) {
          if (txid < readableBelow) ready.add(collection)
        }
        for (const collection of ready) pending.delete(collection)
        if (ready.size > 0) tell(ready)
      } catch (error) {
        if (!closed) app.log.warn({ err: error }, 'change feed: could not read the snapshot')
      } finally {
        flushing = false
        schedule(RECHECK_MS)
      }
    }
    const mark = (collections: Iterable<Collection>, txid: bigint) => {
      for (const collection of collections) {
        const known = pending.get(collection)
        pending.set(collection, known !== undefined && known > txid ? known : txid)
      }
      schedule(COALESCE_MS)
    }
    const events: ChangeListenerEvents = {
      notice(payload) {
        const notice = parseNotice(payload)
        if (notice) mark([notice.collection], notice.txid)
        const topic = notice ? undefined : parseTopic(payload)
        if (topic) markTopics([topic])
      },
      gap() {
        markTopics(Topics)
        // Whatever was missed committed below the current horizon; tell everything once it is readable.
        snapshotHorizon(app.db).then(
          (horizon) => mark(Collections, BigInt(horizon) - 1n),
          (error: unknown) =>
            app.log.warn({ err: error }, 'change feed: could not read the snapshot'),
        )
      },
    }

    const database = app.database
    const listener: ChangeListener = database.pool
      ? await listenPostgres(database.pool, events, app.log)
      : await listenPglite(pgliteClientOf(database), events)

    app.decorate('changes', {
      subscribe(subscriber: ChangeSubscriber) {
        subscribers.add(subscriber)
        return () => void subscribers.delete(subscriber)
      },
      subscribeTopics(subscriber: TopicSubscriber) {
        topicSubscribers.add(subscriber)
        return () => void topicSubscribers.delete(subscriber)
      },
    })
    app.addHook('onClose', async () => {
      closed = true
      clearTimeout(timer)
      clearTimeout(topicTimer)
      subscribers.clear()
      topicSubscribers.clear()
      await listener.stop()
    })
  },
  { name: 'change-feed', dependencies: ['db'] },
)
