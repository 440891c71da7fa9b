import type { MfaPolicy } from '../../../schema/factors'
import { expectSignedIn, signIn } from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { openUsers } from './users'

// A server of its own: the policy set here asks a second factor of every INTERNAL sign-in.
const test = testWithServer()

test('the Second-factor policy dialog makes a second factor required for INTERNAL users', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openUsers(page)
  await page.getByRole('button', { name: 'Second-factor policy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Second-factor policy' })
  const internal = dialog.getByRole('form', { name: 'Internal users' })
  const external = dialog.getByRole('form', { name: 'External users' })
  await expect(internal.getByRole('radio', { name: 'Optional' })).toBeChecked()
  await expect(internal.getByLabel('Grace days')).toBeHidden()
  await expect(internal.getByRole('button', { name: 'Save' })).toBeDisabled()

  await internal.getByRole('radio', { name: 'Required' }).click()
  const grace = internal.getByLabel('Grace days')
  await expect(grace).toHaveValue('7')
  // Over a year is refused by the rule, before anything is sent.
  await grace.fill('400')
  await expect(internal.getByText('A whole number of days from 0 to 365')).toBeVisible()
  await expect(internal.getByRole('button', { name: 'Save' })).toBeDisabled()
  await grace.fill('3')
  await internal.getByRole('button', { name: 'Save' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: "Internal users: a second factor is required, with 3 days' grace." }),
  ).toBeVisible()
  await expect(internal.getByRole('button', { name: 'Save' })).toBeDisabled()
  await expect(internal).toContainText('A second factor has been required since')
  // The other row was left alone.
  await expect(external.getByRole('radio', { name: 'Optional' })).toBeChecked()

  const answer = await page.request.get('/v1/mfa-policy')
  expect(answer.status()).toBe(200)
  const { policies } = ((await answer.json()) as { results: { policies: MfaPolicy[] } }).results
  expect(policies.find((p) => p.type === 'INTERNAL')).toMatchObject({
    mode: 'required',
    graceDays: 3,
    requiredSince: expect.any(String),
  })
  expect(policies.find((p) => p.type === 'EXTERNAL')).toMatchObject({ mode: 'optional' })

  // Opened again, the dialog reads what the server holds.
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Second-factor policy' }).click()
  await expect(internal.getByRole('radio', { name: 'Required' })).toBeChecked()
  await expect(internal.getByLabel('Grace days')).toHaveValue('3')
})
