import ky, { HTTPError } from 'ky'
import { SYNC_BATCH_MAX, SYNC_DONE, type Collection, type SyncBody } from '../../../schema/sync'
import type { SyncBatch, SyncNode } from './nodes'

// A local client until the lead merges it with the shared one in src/data/api/ (which adds the
// envelope checks and the session-expiry hook). Absolute, because tests have no page to resolve '/v1'.
const http = ky.create({
  prefixUrl: new URL('/v1/', globalThis.location?.href ?? 'http://localhost/').href,
  credentials: 'same-origin',
  retry: 0,
  timeout: 60_000,
})

type Answer = { success?: unknown; results?: { nodes?: unknown; batchInfo?: { cursor?: unknown } } }

function batchOf(answer: Answer): SyncBatch {
  const nodes = answer.results?.nodes
  const cursor = answer.results?.batchInfo?.cursor
  if (answer.success !== true || !Array.isArray(nodes) || typeof cursor !== 'string') {
    throw new Error('The server sent an unexpected sync answer.')
  }
  return { nodes: nodes as SyncNode[], cursor }
}

/**
 * One batch of changes after `cursor` (DESIGN.md §5). A collection the user may not read answers
 * 403; for the cache that is simply a collection with nothing in it.
 */
export async function fetchSyncBatch(
  collection: Collection,
  cursor: string | null,
  signal: AbortSignal,
): Promise<SyncBatch> {
  const body: SyncBody = { cursor, batchSize: SYNC_BATCH_MAX }
  try {
    return batchOf(await http.post(`sync/${collection}`, { json: body, signal }).json<Answer>())
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 403) {
      return { nodes: [], cursor: SYNC_DONE }
    }
    throw error
  }
}
