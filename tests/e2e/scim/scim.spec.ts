import { runScimWalkthrough } from '../../../scripts/scim-walkthrough'
import { expectSignedIn, signIn } from '../login/login'
import { chip, logEvents, openLogs, picker, typeUntilOffered } from '../logs/logs'
import { expect, testWithServer } from '../support/fixtures'
import { fillNewToken, openTokens, secretDialog } from '../tokens/tokens'
import { detailHeading, detailPane, openUsers, rowLinks, search, statusBadge } from '../users/users'

// The walkthrough leaves people on the server: a server of its own.
const test = testWithServer()

const person = (p: { givenName: string; familyName: string }) => ({
  nameFirst: p.givenName,
  nameLast: p.familyName,
})
const fullName = (p: { givenName: string; familyName: string }) => `${p.givenName} ${p.familyName}`

test('a token made in the console provisions people through SCIM, and the console shows it', async ({
  page,
  server,
}) => {
  test.setTimeout(90_000)
  await signIn(page)
  await expectSignedIn(page)
  await openTokens(page)
  const dialog = await fillNewToken(page, 'Entra provisioning', 'Administrator')
  await dialog.getByRole('button', { name: 'Create' }).click()
  const shown = secretDialog(page)
  const secret = (await shown.getByLabel('The new token').textContent())?.trim() ?? ''
  expect(secret.length).toBeGreaterThan(20)
  await shown.getByRole('button', { name: 'Done' }).click()

  // What Entra would do, through the token alone.
  const result = await runScimWalkthrough({ url: server.url, token: secret, print: () => {} })
  const { ada, grace, alan, edsger } = result.people

  // Users: the four provisioned people, found by their domain; the deactivated and deleted disabled.
  await openUsers(page)
  await search(page, `@${result.tag}.example.org`, 4)
  for (const someone of [ada, grace, alan, edsger]) {
    await expect(rowLinks(page).filter({ hasText: fullName(someone) })).toHaveCount(1)
  }
  for (const [someone, status] of [
    [ada, 'Active'],
    [alan, 'Disabled'],
    [edsger, 'Disabled'],
  ] as const) {
    await rowLinks(page)
      .filter({ hasText: fullName(someone) })
      .click()
    await expect(detailHeading(page, person(someone))).toBeVisible()
    await expect(statusBadge(page, status)).toBeVisible()
    await expect(detailPane(page)).toContainText(someone.userName)
  }

  // Logs: what the script did, in the token's name; the newest first, then Ada's own events.
  await openLogs(page)
  const viaToken = logEvents(page).filter({ hasText: 'with the API token Entra provisioning)' })
  for (const someone of [alan, edsger]) {
    await expect(
      viaToken.filter({ hasText: `disabled the account of ${someone.userName}` }),
    ).toHaveCount(1)
  }
  await expect(viaToken.filter({ hasText: `deleted the group ${result.groupName}` })).toHaveCount(1)
  await typeUntilOffered(page, 'User', 'ada.byron', /Ada Byron/)
  await picker(page, 'User').press('Enter')
  await expect(chip(page, 'User Ada Byron')).toBeVisible()
  await expect(viaToken.filter({ hasText: 'created the account of' })).toHaveCount(1)
  await expect(logEvents(page).filter({ hasNotText: 'with the API token' })).toHaveCount(0)
})
