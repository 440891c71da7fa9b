import { expect, type APIRequestContext } from '@playwright/test'

/** Every row of a synced attribute collection, as the console's sync reads it (tombstones out). */
export async function synced<T>(request: APIRequestContext, collection: string): Promise<T[]> {
  const rows: T[] = []
  let cursor: string | null = null
  for (;;) {
    const answer = await request.post(`/v1/sync/${collection}`, {
      data: { cursor, batchSize: 5000 },
    })
    expect(answer.status(), await answer.text()).toBe(200)
    const body = (await answer.json()) as {
      results: { nodes: (T | { tombstone: true })[]; batchInfo: { cursor: string } }
    }
    for (const node of body.results.nodes)
      if (!('tombstone' in (node as object))) rows.push(node as T)
    cursor = body.results.batchInfo.cursor
    if (cursor === 'DONE') return rows
  }
}

/** `POST /v1/record/{entity}` as the editor sends it (no id: create); answers the stored row. */
export async function saveRecord<T = { id: string }>(
  request: APIRequestContext,
  entity: string,
  record: Record<string, unknown>,
  id: string | null = null,
): Promise<T> {
  const answer = await request.post(`/v1/record/${entity}`, { data: { id, record } })
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { results: Record<string, T> }).results[entity] as T
}
