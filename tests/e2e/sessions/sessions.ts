import { expect, type APIRequestContext, type Page } from '@playwright/test'

export const sessionList = (page: Page) => page.getByRole('list', { name: 'Sessions' })
export const sessionRows = (page: Page) => sessionList(page).getByRole('listitem')
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search sessions' })
export const recordCount = (page: Page) => page.getByText(/^Record Count: [\d,]+$/)

export async function expectRecordCount(page: Page, count: number) {
  await expect(recordCount(page)).toHaveText(`Record Count: ${count.toLocaleString('en-US')}`)
}

type SessionNode = { id: string; userId: string; nameFirst: string; nameLast: string; ip: string }

/** Every session the server holds, read through POST /v1/sessions until its cursor says DONE. */
export async function serverSessions(
  request: APIRequestContext,
  filters: Record<string, string> = {},
) {
  const nodes: SessionNode[] = []
  let cursor: string | null = null
  for (;;) {
    const answer = await request.post('/v1/sessions', {
      data: { pagination: { cursor, batchSize: 5000 }, filters },
    })
    expect(answer.status(), await answer.text()).toBe(200)
    const body = (await answer.json()) as {
      results: { nodes: SessionNode[]; batchInfo: { cursor: string } }
    }
    nodes.push(...body.results.nodes)
    cursor = body.results.batchInfo.cursor
    if (cursor === 'DONE') return nodes
  }
}
