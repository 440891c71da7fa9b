import { ErrorCode } from '../../../schema/errors'
import { SYNC_BATCH_MAX, SYNC_DONE, type Collection, type SyncBody } from '../../../schema/sync'
import type { SyncBatch } from '../sync/nodes'
import { isApiError } from './ApiError'
import { callChecked, http } from './client'
import { isSyncAnswer } from './syncAnswer'

const FORBIDDEN = 403

// A 5000-row batch from a busy server can take longer than an ordinary call.
const BATCH_TIMEOUT_MS = 60_000

/**
 * One batch of changes after `cursor`, through the shared client: the same envelope checks, and an
 * ended session (401) signs the person out. A collection the user may not read answers 403: an
 * empty, finished batch marked `forbidden`, so that the cache drops what it held of it.
 */
export async function fetchSyncBatch(
  collection: Collection,
  cursor: string | null,
  signal: AbortSignal,
): Promise<SyncBatch> {
  const json: SyncBody = { cursor, batchSize: SYNC_BATCH_MAX }
  try {
    // What POST /v1/sync/:collection promises (DESIGN.md §5). Nodes are only checked for an id:
    // their shape is the collection's entity, and checking 5000 of them field by field on every
    // batch would cost more than the cache gains from it.
    const results = await callChecked(isSyncAnswer, () =>
      http.post(`sync/${collection}`, { json, signal, timeout: BATCH_TIMEOUT_MS }),
    )
    return { nodes: results.nodes, cursor: results.batchInfo.cursor }
  } catch (error) {
    if (isApiError(error) && error.status === FORBIDDEN) {
      return { nodes: [], cursor: SYNC_DONE, forbidden: true }
    }
    throw error
  }
}

/**
 * Tells the page that the session ended, when the sync worker heard a 401 (code 401) on a pull:
 * that answer is replayed through the shared client, without the network, so that the one expiry
 * path (`onSessionExpired`) runs on the page as for any other call.
 */
export function reportSessionExpired(): void {
  const body = JSON.stringify({
    success: false,
    error: { code: ErrorCode.notSignedIn, message: 'Not signed in.' },
  })
  const answer = () =>
    Promise.resolve(
      new Response(body, { status: 401, headers: { 'content-type': 'application/json' } }),
    )
  http.post('sync', { fetch: answer }).catch(() => {})
}
