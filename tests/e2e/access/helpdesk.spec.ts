import { SEED_PASSWORD } from '../../../scripts/seed/seed-database'
import type { Group, Role } from '../../../schema/access'
import { expect, testWithServer } from '../support/fixtures'
import { apiSignIn, expectSignedIn, signIn } from '../login/login'
import {
  confirm,
  detailHeading,
  detailPane,
  expectRecordCount,
  openUsers,
  plainUser,
  rowLink,
  search,
  serverUser,
  serverUsers,
  statusBadge,
} from '../users/users'

// Its own directory: the spec changes who holds which role.
const test = testWithServer({}, { users: 40, sessions: 0, services: 0, attributeKeys: 0 })

test('a help desk scoped to one group finds, locks and unlocks only that group’s users', async ({
  page,
  playwright,
  server,
}) => {
  // The administrator, by the API: a group of two, and a help-desk person for it.
  const admin = await playwright.request.newContext({ baseURL: server.url })
  await apiSignIn(admin)
  const people = (await serverUsers(admin)).filter(plainUser)
  const [desk, first, second, outsider] = [
    people.find((u) => u.type === 'INTERNAL')!,
    ...people.filter((u) => u.type === 'EXTERNAL').slice(0, 3),
  ]
  const roles = (await (await admin.get('/v1/roles')).json()) as { results: { roles: Role[] } }
  const helpDesk = roles.results.roles.find((r) => r.builtIn === 'help-desk')!
  const made = await admin.post('/v1/groups', { data: { name: 'Pharmacy staff', description: '' } })
  const group = ((await made.json()) as { results: { group: Group } }).results.group
  expect(
    (
      await admin.post(`/v1/groups/${group.id}/members`, { data: { ids: [first!.id, second!.id] } })
    ).status(),
  ).toBe(200)
  // Nothing else: no direct grants, only the scoped role.
  expect(
    (
      await admin.put(`/v1/user/${desk.id}/access`, { data: { type: 'INTERNAL', permissions: [] } })
    ).status(),
  ).toBe(200)
  expect(
    (
      await admin.put(`/v1/user/${desk.id}/roles`, {
        data: { assignments: [{ roleId: helpDesk.id, groupId: group.id }] },
      })
    ).status(),
  ).toBe(200)

  // The help-desk person signs in and sees the group's two users, nobody else.
  await signIn(page, { username: desk.email, password: SEED_PASSWORD })
  await expectSignedIn(page)
  await openUsers(page)
  await expectRecordCount(page, 2)
  await search(page, outsider!.email, 0)
  await search(page, first!.email, 1)
  await rowLink(page, first!).click()
  await expect(detailHeading(page, first!)).toBeVisible()

  await detailPane(page).getByRole('button', { name: 'Lock', exact: true }).click()
  await confirm(page, 'Lock')
  await expect(statusBadge(page, 'Locked')).toBeVisible()
  expect((await serverUser(admin, first!.id)).locked).toBe(true)
  await detailPane(page).getByRole('button', { name: 'Unlock', exact: true }).click()
  await confirm(page, 'Unlock')
  await expect(statusBadge(page, 'Active')).toBeVisible()
  expect((await serverUser(admin, first!.id)).locked).toBe(false)

  // Outside the group the server answers as if there were no such user, and changes nothing.
  const probe = await page.request.post(`/v1/user/${outsider!.id}/lock`, {
    headers: { origin: server.url },
  })
  expect(probe.status()).toBe(404)
  expect((await serverUser(admin, outsider!.id)).locked).toBe(false)
  // Nor does the console show one: the outsider is not in this person's cache.
  await page.goto(`/users/${outsider!.id}`)
  await expect(detailHeading(page, outsider!)).toBeHidden()
  await admin.dispose()
})
