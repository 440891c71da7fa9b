import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { apiSignIn } from '../login/login'

/** The Flows list's row (desktop) or card (phone) of one statechart. */
export const flowRow = (page: Page, id: string) =>
  page
    .getByRole('row')
    .or(page.getByRole('listitem'))
    .filter({ has: page.getByRole('link', { name: id, exact: true }) })

export const outline = (page: Page, machine: string) =>
  page.getByRole('tree', { name: `States of ${machine}` })

/**
 * The outline's item of a state by its path below the root ('credentials.editing'; '' for the
 * root): each key is looked for among the items of the one before, since keys repeat ('editing'
 * is in two states).
 */
export function stateItem(page: Page, machine: string, path: string): Locator {
  const tree = outline(page, machine)
  const root = tree.getByRole('treeitem', { name: new RegExp(`^${machine}\\b`) }).first()
  if (!path) return root
  // A treeitem is its row; its children are in the group beside it, in the same list item.
  let item = root
  for (const key of path.split('.'))
    item = item
      .locator('xpath=..')
      .getByRole('treeitem', { name: new RegExp(`^${key}\\b`) })
      .first()
  return item
}

/** Whether the outline marks the state active (the diagram lights up the same ids). */
export const expectActive = (page: Page, machine: string, key: string, active = true) =>
  active
    ? expect(stateItem(page, machine, key)).toHaveAttribute('aria-current', 'true')
    : expect(stateItem(page, machine, key)).not.toHaveAttribute('aria-current')

export const choiceGroup = (page: Page, trigger: string) =>
  page.getByRole('group', { name: trigger, exact: true })

/** A choice of the simulation, by its words. */
export const choice = (page: Page, words: string) =>
  page.getByRole('button', { name: words, exact: true })

/** Types a value of one's own for an event that carries one, and sends it. */
export async function typeAndSend(page: Page, trigger: string, value: string) {
  const group = choiceGroup(page, trigger)
  await group.getByLabel('Or type one').fill(value)
  await group.getByRole('button', { name: /^Send/ }).click()
}

type UserNode = { email: string; type: string; use2FA: boolean }

/** A seeded customer (no permissions, no second factor), found through the administrator. */
export async function seededCustomer(request: APIRequestContext): Promise<string> {
  await apiSignIn(request)
  const answer = await request.post('/v1/sync/users', { data: { cursor: null } })
  expect(answer.status()).toBe(200)
  const body = (await answer.json()) as { results: { nodes: ({ node?: UserNode } & UserNode)[] } }
  const customer = body.results.nodes
    .map((n) => n.node ?? n)
    .find((u) => u.type === 'EXTERNAL' && !u.use2FA)
  if (!customer) throw new Error('The seed made no customer without a second factor.')
  await request.post('/v1/logout')
  return customer.email
}
