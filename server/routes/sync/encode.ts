/** A sync answer as the route returns it (DESIGN.md §5). */
export interface SyncAnswer {
  success: true
  results: { nodes: readonly object[]; batchInfo: { cursor: string } }
}

/** The encoded body of each batch still in use, by its nodes (docs/server-performance.md). */
const encoded = new WeakMap<readonly object[], { cursor: string; body: Buffer }>()

/**
 * The answer's JSON, as bytes. Consoles that ask for the same batch together share one read
 * (`readSyncBatch`), hence one nodes array; they share its encoding too, so 50 consoles asking for
 * a 5,000-row batch cost one JSON.stringify and one UTF-8 encoding, not 50. The entry lives as long
 * as the batch's nodes do.
 */
export function encodeSyncAnswer(answer: SyncAnswer): Buffer {
  const { nodes, batchInfo } = answer.results
  const known = encoded.get(nodes)
  if (known && known.cursor === batchInfo.cursor) return known.body
  const body = Buffer.from(JSON.stringify(answer))
  if (nodes.length > 0) encoded.set(nodes, { cursor: batchInfo.cursor, body })
  return body
}
