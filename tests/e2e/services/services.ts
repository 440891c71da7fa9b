import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { mainNav } from '../shell/shell'

/** The Services screen's parts, as a person (and a screen reader) finds them. */
export const serviceList = (page: Page) => page.getByRole('list', { name: 'Services' })
export const serviceRows = (page: Page) => serviceList(page).getByRole('listitem')
export const serviceRow = (page: Page, name: string) =>
  serviceRows(page).filter({ has: page.getByRole('link', { name }) })
export const filtersRegion = (page: Page) => page.getByRole('region', { name: 'Filters' })
export const filtersButton = (page: Page) =>
  page.getByRole('button', { name: /^(Show|Hide) Filters/ })
export const serviceSearch = (page: Page) =>
  page.getByRole('searchbox', { name: 'Search services' })
export const recordCount = (page: Page) => page.getByText(/^Record Count: [\d,]+$/)

/**
 * Opens /services from the main navigation (tab bar on desktop, bottom bar on phones) once
 * signed in, and waits for the first rows.
 */
export async function openServices(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Services' }).click()
  await expect(page).toHaveURL(/\/services$/)
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible()
  await expect(recordCount(page)).toBeVisible()
}

export type ServiceNode = { id: string; name: string; key: string; deleted: boolean }

/** Every service the server holds, read as the console's sync reads them (tombstones left out). */
export async function serverServices(request: APIRequestContext): Promise<ServiceNode[]> {
  const nodes: ServiceNode[] = []
  let cursor: string | null = null
  for (;;) {
    const answer = await request.post('/v1/sync/services', { data: { cursor, batchSize: 5000 } })
    expect(answer.status(), await answer.text()).toBe(200)
    const body = (await answer.json()) as {
      results: {
        nodes: (ServiceNode | { id: string; tombstone: true })[]
        batchInfo: { cursor: string }
      }
    }
    for (const node of body.results.nodes) if (!('tombstone' in node)) nodes.push(node)
    cursor = body.results.batchInfo.cursor
    if (cursor === 'DONE') return nodes
  }
}

export async function expectRecordCount(page: Page, count: number) {
  await expect(recordCount(page)).toHaveText(`Record Count: ${count.toLocaleString('en-US')}`)
}
