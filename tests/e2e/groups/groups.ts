import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { Group, GroupMember } from '../../../schema/access'

export const groupList = (page: Page) => page.getByRole('list', { name: 'Groups' })
export const groupRow = (page: Page, name: string) =>
  groupList(page).getByRole('button', { name: new RegExp(`^${name}`) })
export const memberList = (page: Page, group: string) =>
  page.getByRole('list', { name: `Members of ${group}` })

/** Opens /groups and waits for the list (or its empty words). */
export async function openGroups(page: Page) {
  await page.goto('/groups')
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible()
  await expect(page.getByText('Loading groups…')).toBeHidden()
}

/** Creates a group with the New group dialog. */
export async function createGroup(page: Page, name: string, description = '') {
  await page.getByRole('button', { name: 'New group' }).click()
  const dialog = page.getByRole('dialog', { name: 'New group' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
  if (description) await dialog.getByRole('textbox', { name: 'Description' }).fill(description)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog).toBeHidden()
  await expect(groupRow(page, name)).toBeVisible()
}

/** Every group as the server lists them. */
export async function serverGroups(request: APIRequestContext): Promise<Group[]> {
  const answer = await request.get('/v1/groups')
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { results: { groups: Group[] } }).results.groups
}

/** Every member of a group as the server pages them. */
export async function serverMembers(
  request: APIRequestContext,
  groupId: string,
): Promise<GroupMember[]> {
  const members: GroupMember[] = []
  let after: string | null = null
  for (;;) {
    const query: string = after ? `?limit=500&after=${after}` : '?limit=500'
    const answer = await request.get(`/v1/groups/${groupId}/members${query}`)
    expect(answer.status(), await answer.text()).toBe(200)
    const body = (await answer.json()) as {
      results: { members: GroupMember[]; next: string | null }
    }
    members.push(...body.results.members)
    after = body.results.next
    if (!after) return members
  }
}
