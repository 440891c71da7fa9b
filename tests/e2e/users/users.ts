import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { User } from '../../../schema/user'
import { mainNav } from '../shell/shell'

/**
 * The Users screens' parts, as a person (and a screen reader) finds them: the accessible names of
 * the UI contract (docs/users.md; the list, the detail and the Add User dialog).
 */
export const searchBox = (page: Page) => page.getByLabel('Search users')
export const recordCount = (page: Page) => page.getByText(/^Record Count: [\d,]+$/)
export const filtersButton = (page: Page) => page.getByRole('button', { name: /Filters/ })
export const filtersRegion = (page: Page) => page.getByRole('region', { name: 'Filters' })
/** On a desktop the detail sits beside the list; on a phone it is the screen. */
export const detailPane = (page: Page) => page.getByRole('region', { name: 'User detail' })
export const backArrow = (page: Page) => page.getByRole('link', { name: 'Back' })

/** The row link of this user: named "First Last …", to /users/{id}. */
export const rowLink = (page: Page, user: Pick<User, 'id'>) =>
  page.locator(`a[href$="/users/${user.id}"]`)
export const rowLinks = (page: Page) => page.locator('a[href*="/users/"]')
export const rowCheckbox = (page: Page, user: Pick<User, 'nameFirst' | 'nameLast'>) =>
  page.getByRole('checkbox', { name: `Select ${user.nameFirst} ${user.nameLast}`, exact: true })
export const fullName = (user: Pick<User, 'nameFirst' | 'nameLast'>) =>
  `${user.nameFirst} ${user.nameLast}`
export const detailHeading = (page: Page, user: Pick<User, 'nameFirst' | 'nameLast'>) =>
  page.getByRole('heading', { level: 2, name: fullName(user), exact: true })

/** The status badge beside the name (Active, Locked, Disabled, Must change password). */
export const statusBadge = (page: Page, text: string) =>
  detailPane(page).getByText(text, { exact: true }).first()

export async function expectRecordCount(page: Page, count: number) {
  await expect(recordCount(page)).toHaveText(`Record Count: ${count.toLocaleString('en-US')}`)
}

/** Opens /users from the main navigation once signed in, and waits for the count. */
export async function openUsers(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Users' }).click()
  await expect(page).toHaveURL(/\/users$/)
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
  await expect(recordCount(page)).toBeVisible()
}

/** Types into the search box and waits for the list to show `count` matches. */
export async function search(page: Page, text: string, count?: number) {
  await searchBox(page).fill(text)
  if (count !== undefined) await expectRecordCount(page, count)
}

/** Opens the filter drawer (if closed) and picks an option of one of its radio groups. */
export async function pickFilter(page: Page, group: string, option: string) {
  const radio = page
    .getByRole('radiogroup', { name: group })
    .getByRole('radio', { name: option, exact: true })
  if (!(await radio.isVisible())) await filtersButton(page).first().click()
  await radio.click()
  await expect(radio).toBeChecked()
}

/** Confirms the alertdialog an action opened, by its button of the same name. */
export async function confirm(page: Page, action: string, title?: string | RegExp) {
  const dialog = page.getByRole('alertdialog', title ? { name: title } : {})
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: action, exact: true }).click()
  await expect(dialog).toBeHidden()
}

/** Every user the server holds, read as the console's sync reads them (tombstones left out). */
export async function serverUsers(request: APIRequestContext): Promise<User[]> {
  const nodes: User[] = []
  let cursor: string | null = null
  for (;;) {
    const answer = await request.post('/v1/sync/users', { data: { cursor, batchSize: 5000 } })
    expect(answer.status(), await answer.text()).toBe(200)
    const body = (await answer.json()) as {
      results: { nodes: (User | { id: string; tombstone: true })[]; batchInfo: { cursor: string } }
    }
    for (const node of body.results.nodes) if (!('tombstone' in node)) nodes.push(node)
    cursor = body.results.batchInfo.cursor
    if (cursor === 'DONE') return nodes
  }
}

export async function serverUser(request: APIRequestContext, id: string): Promise<User> {
  const user = (await serverUsers(request)).find((u) => u.id === id)
  if (!user) throw new Error(`The server holds no user ${id}`)
  return user
}

/** Someone who can sign in with the seed password alone: active, no second factor, no forced change. */
export const plainUser = (user: User) =>
  !user.locked &&
  !user.disabled &&
  !user.use2FA &&
  !user.mustChangePassword &&
  user.email !== 'admin@example.com'

/** The user's live sessions on the server. */
export async function sessionsOf(request: APIRequestContext, userId: string) {
  const answer = await request.post('/v1/sessions', {
    data: { pagination: { cursor: null, batchSize: 5000 }, filters: { userId } },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { results: { nodes: { id: string }[] } }).results.nodes
}

/** RFC 4180: fields separated by commas, quoted when they hold a comma, quote or line break. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/** Days since the user last signed in; Infinity for never. */
export const daysSinceSignIn = (user: User, now = Date.now()) =>
  user.lastLogin ? (now - Date.parse(user.lastLogin)) / 86_400_000 : Infinity

/** A pattern for text that starts with `text`. */
export const startsWith = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
