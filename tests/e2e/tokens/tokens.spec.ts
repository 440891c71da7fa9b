import { describeFound, type Found } from '../a11y/axe'
import { expectSignedIn, signIn } from '../login/login'
import { expect, test } from '../support/fixtures'
import { DESKTOP_AND_PHONE, lookAt } from '../support/looks'
import { curl, fillNewToken, newTokenDialog, openTokens, secretDialog, tokenCard } from './tokens'

test('a token made in the console runs a script with curl, and is refused once revoked', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000)
  await signIn(page)
  await expectSignedIn(page)
  await openTokens(page)
  await expect(page).toHaveTitle('API tokens · Gatehouse')

  const dialog = await fillNewToken(page, 'Nightly user export', 'Auditor')
  await dialog.getByRole('button', { name: 'Create' }).click()
  const shown = secretDialog(page)
  await expect(shown).toBeVisible()
  await expect(shown).toContainText('Copy this token now. You will not be able to see it again.')
  const secret = (await shown.getByLabel('The new token').textContent())?.trim() ?? ''
  expect(secret.length).toBeGreaterThan(20)
  await shown.getByRole('button', { name: 'Done' }).click()
  await expect(shown).toBeHidden()
  await expect(page.getByText(secret)).toHaveCount(0)

  const card = tokenCard(page, 'Nightly user export')
  await expect(card).toContainText('Active')
  await expect(card).toContainText('Auditor')

  // The script: the users (the sync route lists them) and the roles, with the token alone.
  const sync = { method: 'POST' as const, json: { cursor: null, batchSize: 10 } }
  const users = await curl(`${server.url}/v1/sync/users`, secret, sync)
  expect(users.status).toBe(200)
  expect(users.body.success).toBe(true)
  expect((users.body.results as { nodes: unknown[] }).nodes.length).toBeGreaterThan(0)
  const roles = await curl(`${server.url}/v1/roles`, secret)
  expect(roles.status).toBe(200)
  expect(roles.body.success).toBe(true)

  // Its last use shows once the list is read again.
  await page.reload()
  await expect(tokenCard(page, 'Nightly user export')).toContainText('from ')

  await tokenCard(page, 'Nightly user export').getByRole('button', { name: 'Revoke' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Revoke “Nightly user export”?' })
  await confirm.getByRole('button', { name: 'Revoke token' }).click()
  await expect(confirm).toBeHidden()
  await expect(tokenCard(page, 'Nightly user export')).toContainText('Revoked')
  await expect(
    page.getByRole('status').filter({ hasText: 'The token “Nightly user export” was revoked.' }),
  ).toBeVisible()

  const refused = await curl(`${server.url}/v1/sync/users`, secret, sync)
  expect(refused.status).toBe(401)
  expect(refused.body.success).toBe(false)
  expect((await curl(`${server.url}/v1/roles`, secret)).status).toBe(401)
})

for (const { name: layout, ...device } of DESKTOP_AND_PHONE)
  test.describe(layout, () => {
    test.use(device)

    test('API tokens screens pass axe', async ({ page }) => {
      test.setTimeout(120_000)
      const found: Found[] = []
      const name = `Reports ${layout}`
      await signIn(page)
      await expectSignedIn(page)
      await page.goto('/tokens')
      await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible()

      const dialog = await fillNewToken(page, name, 'Auditor')
      await lookAt(page, 'tokens-new', layout, found)
      await dialog.getByRole('radio', { name: 'A date' }).click()
      await dialog.getByLabel('Expiry date').fill('2099-01-01')
      await dialog.getByLabel('Name').click()
      await expect(dialog.getByText('At most a year from today')).toBeVisible()
      // The hint is drawn again as the field settles: scroll once it holds still.
      await expect(async () => {
        await dialog
          .getByText('At most a year from today')
          .scrollIntoViewIfNeeded({ timeout: 2000 })
      }).toPass()
      await lookAt(page, 'tokens-new-date', layout, found)
      await dialog.getByRole('radio', { name: '90 days' }).click()
      await dialog.getByRole('button', { name: 'Create' }).click()
      await expect(secretDialog(page)).toBeVisible()
      await lookAt(page, 'tokens-secret', layout, found)
      await secretDialog(page).getByRole('button', { name: 'Done' }).click()
      await expect(newTokenDialog(page)).toBeHidden()

      await expect(tokenCard(page, name)).toBeVisible()
      await lookAt(page, 'tokens', layout, found)
      await tokenCard(page, name).getByRole('button', { name: 'Revoke' }).click()
      await expect(page.getByRole('alertdialog')).toBeVisible()
      await lookAt(page, 'tokens-revoke', layout, found)
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click()
      await expect(page.getByRole('alertdialog')).toBeHidden()
      await expect(tokenCard(page, name)).toContainText('Revoked')
      await lookAt(page, 'tokens-revoked', layout, null)

      expect(found.map(describeFound).join('\n\n')).toBe('')
    })
  })
