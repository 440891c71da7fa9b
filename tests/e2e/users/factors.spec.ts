import type { Page } from '@playwright/test'
import { SEED_PASSWORD } from '../../../scripts/seed/seed-database'
import { apiSignIn, expectSignedIn, signIn } from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { enrolAuthenticator, factorsSection, serverFactors } from './factors'
import {
  confirm,
  detailHeading,
  expectRecordCount,
  filtersButton,
  fullName,
  openUsers,
  pickFilter,
  plainUser,
  rowLink,
  rowLinks,
  search,
  serverUsers,
} from './users'
import type { User } from '../../../schema/user'

// A seeded directory of its own: people here enrol an authenticator app and staff reset it.
const test = testWithServer({}, { users: 40, sessions: 20, services: 0, attributeKeys: 0 })

async function openUser(page: Page, user: User) {
  await search(page, user.email, 1)
  await rowLink(page, user).click()
  await expect(page).toHaveURL(new RegExp(`/users/${user.id}$`))
  await expect(detailHeading(page, user)).toBeVisible()
}

test("staff see a person's authenticator app and recovery codes, and reset them", async ({
  page,
  playwright,
  server,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openUsers(page)
  const person = (await serverUsers(page.request)).find(plainUser)!

  // The person sets up an authenticator app on their own, with a code computed as an app would.
  const own = await playwright.request.newContext({ baseURL: server.url })
  await apiSignIn(own, { username: person.email, password: SEED_PASSWORD })
  expect(await enrolAuthenticator(own, SEED_PASSWORD)).toHaveLength(10)
  await own.dispose()

  // The change feed brings the row: the list says 'App' before anyone opens the person.
  await search(page, person.email, 1)
  await expect(rowLink(page, person)).toContainText('App')
  await openUser(page, person)
  const section = factorsSection(page)
  const list = section.getByRole('list', { name: 'Second factors' })
  await expect(list.getByText('Authenticator app', { exact: true })).toBeVisible()
  await expect(list.getByText(/^Enrolled /)).toBeVisible()
  await expect(list.getByText('Recovery codes: 10 left')).toBeVisible()
  expect((await serverFactors(page.request, person.id)).map((f) => f.kind)).toEqual([
    'authenticator',
    'recovery',
  ])

  // Cancel changes nothing; the reset takes both, mails the owner and the screen follows.
  const reset = section.getByRole('button', { name: 'Reset second factors' })
  await reset.click()
  const dialog = page.getByRole('alertdialog', {
    name: `Reset the second factors of ${fullName(person)}?`,
  })
  await expect(dialog).toContainText('authenticator app, recovery codes and text-message codes')
  await expect(dialog).toContainText('passkeys stay')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  expect(await serverFactors(page.request, person.id)).toHaveLength(2)

  const sentBefore = new Date().toISOString()
  await reset.click()
  await confirm(page, 'Reset second factors')
  await expect(
    page.getByRole('status').filter({
      hasText: `The second factors of ${fullName(person)} were reset. An email tells them.`,
    }),
  ).toBeVisible()
  await expect(factorsSection(page).getByText('No second factor', { exact: true })).toBeVisible()
  await expect(
    factorsSection(page).getByRole('button', { name: 'Reset second factors' }),
  ).toHaveCount(0)
  // The list beside the detail shows names only; on its own it has the column.
  await openUsers(page)
  await search(page, person.email, 1)
  await expect(rowLink(page, person)).toContainText('None')
  expect(await serverFactors(page.request, person.id)).toEqual([])
  await expect
    .poll(() =>
      server
        .outbox()
        .filter((m) => m.to === person.email && m.createdAt >= sentBefore)
        .map((m) => m.subject),
    )
    .toContain('Your Gatehouse second factors were reset')
})

test("'No second factor' shows exactly the people the server says have none", async ({
  page,
  playwright,
  server,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openUsers(page)
  const everyone = await serverUsers(page.request)
  // One more kind of factor than the seed gives (text messages): an authenticator app.
  const person = everyone.filter(plainUser).at(-1)!
  const own = await playwright.request.newContext({ baseURL: server.url })
  await apiSignIn(own, { username: person.email, password: SEED_PASSWORD })
  await enrolAuthenticator(own, SEED_PASSWORD)
  await own.dispose()

  const factors = await Promise.all(everyone.map((u) => serverFactors(page.request, u.id)))
  const none = everyone.filter((_, i) => factors[i]!.length === 0).map((u) => u.id)
  expect(none.length).toBeGreaterThan(0)
  expect(none.length).toBeLessThan(everyone.length)
  expect(none).not.toContain(person.id)

  await pickFilter(page, 'Second factor', 'No second factor')
  await expect(filtersButton(page).first()).toHaveAccessibleName(/1/)
  await expectRecordCount(page, none.length)
  // Every row shown is one of them (the list draws only the rows in view).
  const shown = await rowLinks(page).evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')!.split('/').at(-1)!),
  )
  expect(shown.length).toBeGreaterThan(0)
  for (const id of shown) expect(none).toContain(id)

  // Kept like the other filters: a reload opens the list filtered.
  await page.reload()
  await expectRecordCount(page, none.length)

  await pickFilter(page, 'Second factor', 'At least one')
  await expectRecordCount(page, everyone.length - none.length)
  await search(page, person.email, 1)
  await expect(rowLink(page, person)).toContainText('App')
  await search(page, '')
  await pickFilter(page, 'Second factor', 'Any')
  await expectRecordCount(page, everyone.length)
})
