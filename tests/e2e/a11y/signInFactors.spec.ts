import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { SEED_PASSWORD } from '../../../scripts/seed/seed-database'
import { apiSignIn, signIn } from '../login/login'
import { testWithServer } from '../support/fixtures'
import { inEachScheme } from '../support/schemes'
import { plainUser, serverUsers } from '../users/users'

/**
 * The sign-in's second-factor screens (docs/second-factors.md), light and dark, desktop and
 * phone: the step with 'Use another method', a recovery code, the enrolment a required policy
 * leads through and the recovery codes it hands out. Each goes through axe (serious and critical
 * violations fail) and into test-results/screens/ for people to look at.
 */
const test = testWithServer({}, { users: 30, sessions: 0, services: 0, attributeKeys: 0 })

const LAYOUTS = {
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const

const appCode = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate()

/** Axe and a photograph, light and dark from the same visit (support/schemes.ts). */
async function look(page: Page, screen: string, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow, `${screen} spills sideways`).toBeLessThanOrEqual(0)
  const found: string[] = []
  await inEachScheme(page, async (scheme) => {
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    )
    await page.screenshot({
      animations: 'disabled',
      fullPage: true,
      path: `test-results/screens/${screen}-${name}-${scheme}.png`,
    })
    const { violations } = await new AxeBuilder({ page }).analyze()
    found.push(
      ...violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${screen}, ${scheme}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
    )
  })
  return found
}

for (const [layout, device] of Object.entries(LAYOUTS)) {
  test.describe(layout, () => {
    test.use(device)

    test('the second-factor screens of the sign-in pass axe', async ({
      page,
      playwright,
      server,
    }) => {
      const name = layout
      const found: string[] = []
      const admin = await playwright.request.newContext({ baseURL: server.url })
      await apiSignIn(admin)
      const users = await serverUsers(admin)
      // Each run of this file's server takes people nobody has enrolled yet.
      const people = users.filter((u) => plainUser(u) && u.type === 'EXTERNAL' && !u.authenticator)
      const [enrolling, enrolled] = people
      const policy = (mode: string) =>
        admin.put('/v1/mfa-policy/EXTERNAL', { data: { mode, graceDays: 0 } })

      // Someone with an app and recovery codes: the step, and a recovery code.
      const own = await playwright.request.newContext({ baseURL: server.url })
      await apiSignIn(own, { username: enrolled!.email, password: SEED_PASSWORD })
      const setup = await own.post('/v1/factors/authenticator', {
        data: { password: SEED_PASSWORD },
      })
      const { setupId, secret } = (
        (await setup.json()) as {
          results: { setupId: string; secret: string }
        }
      ).results
      await own.post('/v1/factors/authenticator/confirm', {
        data: { setupId, code: appCode(secret) },
      })
      await own.dispose()
      await page.goto('/login')
      await signIn(page, { username: enrolled!.email, password: SEED_PASSWORD })
      await expect(page.getByLabel('Authenticator Code')).toBeVisible()
      found.push(...(await look(page, 'sign-in-app-code', name)))
      await page.getByRole('button', { name: 'Recovery code' }).click()
      await page.getByLabel('Recovery Code').fill('XXXX')
      await page.getByLabel('Recovery Code').blur()
      await expect(page.getByText('Must look like 7KQ2M-XR9DF')).toBeVisible()
      found.push(...(await look(page, 'sign-in-recovery-code', name)))

      // The enrolment a required policy leads through, and its recovery codes.
      expect((await policy('required')).status()).toBe(200)
      await page.getByRole('button', { name: 'Back to Login' }).click()
      await signIn(page, { username: enrolling!.email, password: SEED_PASSWORD })
      await expect(page.getByTestId('authenticator-secret')).toBeVisible()
      found.push(...(await look(page, 'sign-in-enrolment', name)))
      const key = (await page.getByTestId('authenticator-secret').innerText()).replace(/\s/g, '')
      await page.getByLabel('Code from the app').fill(appCode(key))
      await page.getByRole('button', { name: 'Verify' }).click()
      await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible()
      found.push(...(await look(page, 'sign-in-recovery-codes', name)))
      expect((await policy('optional')).status()).toBe(200)
      await admin.dispose()
      expect(found).toEqual([])
    })
  })
}
