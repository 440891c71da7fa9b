import { expect, testWithServer } from '../support/fixtures'
import { expectSignedIn, signIn } from '../login/login'
import {
  detailHeading,
  detailPane,
  expectRecordCount,
  openUsers,
  rowLink,
  search,
  searchBox,
  serverUsers,
  startsWith,
} from './users'

// A directory of 20,000 people (and the administrator), seeded as an operator would.
const test = testWithServer({}, { users: 20_000, sessions: 200, services: 0, attributeKeys: 0 })
// Seeding and the console's first sync of 20,000 users take a while on a shared machine.
test.describe.configure({ timeout: 180_000 })

test('finds one person among 20,000 by a part of their email', async ({ page }) => {
  await signIn(page)
  // The first sync brings 20,001 people before Home shows: longer than a screen's usual wait.
  await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ })).toBeVisible(
    {
      timeout: 45_000,
    },
  )
  await expectSignedIn(page)
  await openUsers(page)
  const stored = await serverUsers(page.request)
  expect(stored.length).toBe(20_001)
  await expectRecordCount(page, stored.length)

  // Someone from the middle of the directory: their surname, number and the @ are theirs alone.
  const person = stored[12_345]!
  const local = person.email.slice(0, person.email.indexOf('@'))
  const part = `${local.split('.').slice(1).join('.')}@`
  expect(stored.filter((u) => u.email.includes(part))).toHaveLength(1)
  await search(page, part.toUpperCase(), 1)
  const link = rowLink(page, person)
  await expect(link).toBeVisible()
  await expect(link).toHaveAccessibleName(startsWith(`${person.nameFirst} ${person.nameLast}`))
  await expect(link).toContainText(person.email)

  await link.click()
  await expect(page).toHaveURL(new RegExp(`/users/${person.id}$`))
  await expect(detailHeading(page, person)).toBeVisible()
  await expect(detailPane(page).getByText(person.email).first()).toBeVisible()

  // A part that matches nobody empties the list; clearing it brings everyone back.
  await search(page, 'no-such-person-anywhere@', 0)
  await searchBox(page).fill('')
  await expectRecordCount(page, stored.length)
})
