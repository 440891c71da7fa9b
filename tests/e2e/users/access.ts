import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import type { Group, UserAccess } from '../../../schema/access'
import type { User } from '../../../schema/user'
import { detailHeading } from './users'

/** The user detail's Access section and its parts, by their accessible names. */
export const accessSection = (page: Page) => page.getByRole('region', { name: 'Access' })
export const accessPart = (page: Page, name: string) =>
  accessSection(page).getByRole('region', { name })
export const explainSection = (page: Page) => page.getByRole('region', { name: 'Why can they?' })
export const answerRegion = (page: Page) =>
  explainSection(page).getByRole('region', { name: 'Answer' })

/** Opens a select by its label inside `scope` and picks an option. */
export async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Adds a user through the API (POST /v1/users), as Add User would: Internal, no permission. */
export async function addUser(
  request: APIRequestContext,
  nameFirst: string,
  nameLast: string,
): Promise<User> {
  const email = `${nameFirst}.${nameLast}@example.com`.toLowerCase()
  const answer = await request.post('/v1/users', {
    data: { nameFirst, nameLast, email, phone: null, type: 'INTERNAL', permissions: [] },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { results: { user: User } }).results.user
}

/** Creates a group (POST /v1/groups) with these members. */
export async function addGroup(
  request: APIRequestContext,
  name: string,
  members: readonly User[],
): Promise<Group> {
  const created = await request.post('/v1/groups', { data: { name, description: '' } })
  expect(created.status(), await created.text()).toBe(200)
  const { group } = ((await created.json()) as { results: { group: Group } }).results
  const added = await request.post(`/v1/groups/${group.id}/members`, {
    data: { ids: members.map((m) => m.id) },
  })
  expect(added.status(), await added.text()).toBe(200)
  return group
}

/** What the server holds of the user's access (GET /v1/user/:id/access). */
export async function serverAccess(request: APIRequestContext, id: string): Promise<UserAccess> {
  const answer = await request.get(`/v1/user/${id}/access`)
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { results: { access: UserAccess } }).results.access
}

/** Opens the user's detail by its address, once the cache has them. */
export async function openDetail(page: Page, user: User) {
  await page.goto(`/users/${user.id}`)
  await expect(detailHeading(page, user)).toBeVisible()
  await expect(accessSection(page).getByText('Loading access…')).toBeHidden()
}

/** Asks the explain box "Can … <permission> on <target>?" and waits for the answer. */
export async function ask(page: Page, permission: string, target?: User) {
  const box = explainSection(page)
  await pick(page, box, 'Permission', permission)
  if (target) {
    await box.getByRole('textbox', { name: 'On user' }).fill(target.email)
    await box
      .getByRole('list', { name: 'Matching users' })
      .getByRole('button', { name: new RegExp(`^${target.nameFirst} ${target.nameLast}`) })
      .click()
  }
  await box.getByRole('button', { name: 'Ask' }).click()
  await expect(answerRegion(page).getByRole('list', { name: 'Reasons' })).toBeVisible()
}
