import AxeBuilder from '@axe-core/playwright'
import type { ReplayResults } from '../../../schema/replay'
import { SEED_PASSWORD } from '../../../scripts/seed/seed-database'
import { expect, testWithServer } from '../support/fixtures'
import { latestSecurityCode } from '../support/server'
import { inEachScheme } from '../support/schemes'
import { axeViolations, describeFound } from '../a11y/axe'
import { apiSignIn, expectSignedIn, signIn } from '../login/login'
import { openLogs, logEvents } from '../logs/logs'
import { plainUser, serverUsers } from '../users/users'
import { expectActive } from './flows'

const PHONE = '5557654321'
// Its own directory: a person's second factor is turned on, and Logs must hold few rows.
const test = testWithServer({}, { users: 5, sessions: 0, services: 0, attributeKeys: 0 })

test('a sign-in refused at the code is opened from Logs and replayed on login', async ({
  page,
  playwright,
  server,
}) => {
  // The administrator gives a person text-message codes, through the API.
  const admin = await playwright.request.newContext({ baseURL: server.url })
  await apiSignIn(admin)
  const person = (await serverUsers(admin)).find(plainUser)!
  const phone = await admin.put(`/v1/user/${person.id}/phone`, { data: { phone: PHONE } })
  expect(phone.status(), await phone.text()).toBe(200)
  const mfa = await admin.put(`/v1/user/${person.id}/mfa`, { data: { use2FA: true } })
  expect(mfa.status(), await mfa.text()).toBe(200)
  await admin.dispose()

  // The person signs in: the password is right, the code is not.
  await signIn(page, { username: person.email, password: SEED_PASSWORD })
  await expect(page.getByRole('heading', { name: 'Two Factor Authentication' })).toBeVisible()
  const code = await latestSecurityCode(server, PHONE)
  const wrong = code === '000000' ? '111111' : '000000'
  await page.getByLabel('Security Code').fill(wrong)
  await page.getByRole('button', { name: 'Validate Code' }).click()
  await expect(page.getByRole('alert')).toHaveText('Incorrect Code. Try Again.')

  // Support: the administrator opens the refusal in Logs and shows it on the chart.
  await page.goto('/login')
  await signIn(page)
  await expectSignedIn(page)
  await openLogs(page)
  const refusal = `Security code failed for ${person.email} from 127.0.0.1: wrong security code`
  await logEvents(page)
    .filter({ hasText: refusal })
    .getByRole('button', { name: `Details: ${refusal}` })
    .click()
  const detail = page.getByRole('dialog', { name: refusal })
  await detail.getByRole('link', { name: 'Show on the chart' }).click()
  await expect(page).toHaveURL(/\/flows\/login\/replay\/[\w-]+$/)
  const logId = page.url().split('/').at(-1)!

  // It opens on the last step, where the attempt stopped, with the refused code's state lit.
  await expect(page.getByRole('heading', { name: 'Replay on login', level: 1 })).toBeVisible()
  const player = page.getByRole('status').filter({ hasText: /^Step \d+ of \d+/ })
  await expect(player).toContainText('Step 2 of 2')
  await expect(player).toContainText(refusal)
  await expect(player).toContainText('The attempt stopped here: Incorrect Code. Try Again.')
  await expectActive(page, 'login', 'code.rejected')
  await expect(
    page.locator('[data-role="state"][data-state="login.code.rejected"]'),
  ).toHaveAttribute('data-active', 'true')
  const steps = page.getByRole('list', { name: 'Recorded steps' }).getByRole('listitem')
  await expect(steps).toHaveCount(2)
  await expect(steps.nth(0)).toContainText(
    `A security code was sent by text message to ${person.nameFirst} ${person.nameLast}`,
  )
  await expect(steps.nth(1)).toContainText('The server refused the code; the message says why.')
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step')

  // The player and the recorded steps pass axe (the diagram's own checks are the a11y spec's).
  const axe = await new AxeBuilder({ page })
    .include('[aria-label="Recorded steps"]')
    .include('[role="status"]')
    .analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  )
  // Photographed light and dark on a desktop, then on a 390 px phone, where axe looks again.
  for (const layout of ['desktop', 'phone'] as const) {
    if (layout === 'phone') await page.setViewportSize({ width: 390, height: 844 })
    await inEachScheme(page, async (scheme) => {
      if (layout === 'phone')
        expect((await axeViolations(page, `replay, phone, ${scheme}`)).map(describeFound)).toEqual(
          [],
        )
      await page.screenshot({
        animations: 'disabled',
        fullPage: true,
        path: `test-results/screens/flows-replay-${layout}-${scheme}.png`,
      })
    })
  }
  await page.setViewportSize({ width: 1280, height: 800 })

  // One step back: the code was asked for, nothing refused yet.
  await page.getByRole('button', { name: 'Previous step' }).click()
  await expect(player).toContainText('Step 1 of 2')
  await expect(player).not.toContainText('The attempt stopped here')
  await expectActive(page, 'login', 'code.editing')
  await expectActive(page, 'login', 'code.rejected', false)

  // What the server answered holds neither code, nor the phone number.
  const answer = await page.request.get(`/v1/logs/${logId}/replay`)
  expect(answer.status()).toBe(200)
  const body = await answer.text()
  for (const secret of [code, wrong, PHONE, PHONE.slice(-4), SEED_PASSWORD])
    expect(body).not.toContain(secret)
  const { results } = JSON.parse(body) as { results: ReplayResults }
  expect(results.machine).toBe('login')
  expect(results.steps.map((s) => [s.action, s.outcome])).toEqual([
    ['login.code_sent', 'success'],
    ['login.verify', 'failure'],
  ])
})
