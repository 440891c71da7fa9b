import type { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import type { Database } from '../db/types'

/** The channel the change triggers notify on (migration 0002), the collection as payload. */
export const CHANGE_CHANNEL = 'gatehouse_changes'

export interface ChangeListenerEvents {
  /** A committed change in the named collection. */
  notice(payload: string): void
  /** Notices may have been lost (the connection dropped); everything should be assumed changed. */
  gap(): void
}

export interface ChangeListener {
  stop(): Promise<void>
}

const RETRY_FIRST_MS = 500
const RETRY_MAX_MS = 30_000

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection goes back to the pool
 * between queries and would stop hearing notices. A dropped connection is opened again with backoff,
 * and the gap is reported, because notices sent meanwhile are gone.
 */
export async function listenPostgres(
  pool: pg.Pool,
  events: ChangeListenerEvents,
  log: FastifyBaseLogger,
): Promise<ChangeListener> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | undefined
  let delay = RETRY_FIRST_MS

  const reconnectLater = (dropped: pg.Client) => {
    if (client === dropped) client = undefined
    dropped.removeAllListeners()
    // A dead client still needs an error listener, or a late error would crash the process.
    dropped.on('error', () => {})
    dropped.end().catch(() => {})
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = undefined
      void connect(true)
    }, delay)
    retry.unref()
    delay = Math.min(delay * 2, RETRY_MAX_MS)
  }

  const connect = async (afterGap: boolean) => {
    const candidate = new pg.Client(pool.options)
    candidate.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) events.notice(message.payload)
    })
    candidate.on('error', (error) => {
      log.warn({ err: error }, 'change feed: the LISTEN connection failed; reconnecting')
      reconnectLater(candidate)
    })
    candidate.on('end', () => reconnectLater(candidate))
    try {
      await candidate.connect()
      await candidate.query(`LISTEN ${CHANGE_CHANNEL}`)
    } catch (error) {
      log.warn({ err: error }, 'change feed: could not LISTEN; retrying')
      reconnectLater(candidate)
      return
    }
    if (stopped) {
      await candidate.end().catch(() => {})
      return
    }
    client = candidate
    delay = RETRY_FIRST_MS
    if (afterGap) events.gap()
  }

  await connect(false)
  return {
    async stop() {
      stopped = true
      clearTimeout(retry)
      const open = client
      client = undefined
      if (open) {
        open.removeAllListeners()
        open.on('error', () => {})
        await open.end().catch(() => {})
      }
    },
  }
}

/** PGlite is one connection in this process; its listen() hears every commit made through it. */
export async function listenPglite(
  client: PGlite,
  events: ChangeListenerEvents,
): Promise<ChangeListener> {
  const unlisten = await client.listen(CHANGE_CHANNEL, (payload) => events.notice(payload))
  return {
    async stop() {
      if (!client.closed) await unlisten()
    },
  }
}

/** The PGlite client of a database made by fromPglite. */
export const pgliteClientOf = (database: Database): PGlite => {
  if (!database.pglite) throw new Error('not a PGlite database')
  return database.pglite
}
