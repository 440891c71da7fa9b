import { expect } from 'vitest'
import { SYNC_DONE, type Collection } from '../../schema/sync'
import { call, type TestApp } from './helper'

export type Node = { id: string; tombstone?: true } & Record<string, unknown>

export interface Batch {
  status: number
  nodes: Node[]
  cursor: string
}

interface Answer {
  results?: { nodes: Node[]; batchInfo: { cursor: string } }
}

/** One POST /v1/sync/:collection. */
export async function syncBatch(
  t: TestApp,
  cookie: string,
  collection: Collection,
  cursor: string | null,
  batchSize?: number,
): Promise<Batch> {
  const body = batchSize === undefined ? { cursor } : { cursor, batchSize }
  const response = await call(t, 'POST', `/v1/sync/${collection}`, body, { cookie })
  const answer = response.json<Answer>()
  return {
    status: response.statusCode,
    nodes: answer.results?.nodes ?? [],
    cursor: answer.results?.batchInfo.cursor ?? '',
  }
}

export interface Pulled {
  nodes: Node[]
  /** The position a console keeps: the last cursor that was not DONE. */
  position: string | null
  batches: number
}

/** Pulls batches until DONE, as the console does, checking the contract on every answer. */
export async function pull(
  t: TestApp,
  cookie: string,
  collection: Collection,
  from: string | null,
  batchSize?: number,
): Promise<Pulled> {
  const nodes: Node[] = []
  let position = from
  for (let batches = 1; ; batches++) {
    const batch = await syncBatch(t, cookie, collection, position, batchSize)
    expect(batch.status).toBe(200)
    if (batch.cursor === SYNC_DONE) {
      // DONE never comes with rows: the rows' position would be lost.
      expect(batch.nodes).toEqual([])
      return { nodes, position, batches }
    }
    // A batch of changes hidden from the caller sends no rows, but it still moves the cursor on.
    expect(batch.cursor).not.toBe(position)
    if (batchSize !== undefined) expect(batch.nodes.length).toBeLessThanOrEqual(batchSize)
    nodes.push(...batch.nodes)
    position = batch.cursor
  }
}

/**
 * Pulls until `wanted` holds for everything pulled so far. On PostgreSQL another transaction that
 * is still running (any test file's, in any database) holds newer changes back for a moment.
 */
export async function pullUntil(
  t: TestApp,
  cookie: string,
  collection: Collection,
  from: string | null,
  wanted: (nodes: Node[]) => boolean,
  timeoutMs = 10_000,
): Promise<Pulled> {
  const deadline = Date.now() + timeoutMs
  const all: Pulled = { nodes: [], position: from, batches: 0 }
  for (;;) {
    const next = await pull(t, cookie, collection, all.position)
    all.nodes.push(...next.nodes)
    all.position = next.position
    all.batches += next.batches
    if (wanted(all.nodes)) return all
    if (Date.now() > deadline) throw new Error(`sync of ${collection} did not deliver in time`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Ids in order, for asserting "each exactly once". */
export const idsOf = (nodes: Node[]) => nodes.map((node) => node.id)
