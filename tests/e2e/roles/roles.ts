import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { Role } from '../../../schema/access'

export const BUILT_IN_ROLES = [
  'Administrator',
  'Help desk',
  'Auditor',
  'Service owner',
  'Attribute editor',
] as const

export const roleList = (page: Page) => page.getByRole('list', { name: 'Roles' })
export const roleItem = (page: Page, name: string) =>
  roleList(page).getByRole('listitem', { name, exact: true })
export const matrix = (page: Page) => page.getByRole('table', { name: 'Permissions by role' })
export const notice = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text })

/** The roles as the server stores them (GET /v1/roles with the page's session). */
export async function serverRoles(request: APIRequestContext): Promise<Role[]> {
  const answer = await request.get('/v1/roles')
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { results: { roles: Role[] } }).results.roles
}

/** Opens Roles and waits until the list shows. */
export async function openRoles(page: Page) {
  await page.goto('/roles')
  await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible()
  await expect(roleItem(page, 'Administrator')).toBeVisible()
}
