import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expectSignedIn, loginButton, passwordField, signIn, usernameField } from './login/login'
import { searchBox } from './sessions/sessions'
import { ADMIN } from './support/server'
import { expect, test } from './support/fixtures'
import { inEachScheme } from './support/schemes'

/**
 * Live (issue 14): the Flows page follows the console's own running statecharts, in another tab of
 * the same browser or, through the side panel, in this one, as they move.
 */

const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Live flow' })

// What the diagram draws lit, by its own marks (data-state / data-transition with data-active /
// data-taken); a transition's arrow and its label both carry them.
const litState = (area: Locator, id: string) => area.locator(`[data-state="${id}"][data-active]`)
const litTransition = (area: Locator, key: string) =>
  area.locator(`[data-transition="${key}"][data-taken]`).first()

/** The machine's page on its Live section. */
async function openLive(page: Page, machine: string) {
  await page.goto(`/flows/${machine}`)
  await page.getByRole('tab', { name: 'Live' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Live' })).toBeVisible()
}

test('another tab opens Sessions and searches: the list lights up on the Flows tab', async ({
  page,
  context,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openLive(page, 'list')
  const live = page.getByRole('tabpanel', { name: 'Live' })
  const status = live.getByRole('status')
  await expect(live.getByText('Waiting for a list to run — open it in another tab.')).toBeVisible()

  const other = await context.newPage()
  await other.goto('/sessions')
  await expect(other.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()

  await expect(live.getByText('list #1, another tab', { exact: true })).toBeVisible()
  await expect(status).toHaveText('list is now in active.ready.idle.')
  await expect(litState(live, 'list.active.ready.idle')).toBeVisible()
  await expect(litState(live, 'list.restoring')).toHaveCount(0)
  await searchBox(other).fill('admin')
  const events = live.getByRole('list', { name: 'Last events, newest first' })
  await expect(events).toContainText('The search text was edited (Enter does nothing).')
  await expect(status).toHaveText('list is now in active.ready.idle.')
  await page.screenshot({ path: 'test-results/screens/flows-live-tab-desktop-light.png' })

  // The other tab moves on within the console: its list stops, and stays on show as it ended.
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
  await expect(status).toHaveText('list ended in active.ready.idle.')
  await expect(live.getByText('Ended', { exact: true })).toBeVisible()
  await expect(events.getByRole('listitem').first()).toHaveText(
    /It stopped: its screen, dialog or owner closed\./,
  )

  // Sessions again: a second list, shown as it runs; the picker offers both.
  await other
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Sessions' })
    .click()
  await expect(live.getByText('list #2, another tab', { exact: true })).toBeVisible()
  await expect(status).toHaveText('list is now in active.ready.idle.')
  await expect(live.getByRole('combobox', { name: 'Which list' })).toBeVisible()

  // The other tab leaves the console altogether: no screen closes, its page says so as it goes.
  await other.goto('about:blank')
  await expect(status).toHaveText('list ended in active.ready.idle.')
  await expect(live.getByText('list #2, another tab', { exact: true })).toBeVisible()
  await expect(events.getByRole('listitem').first()).toHaveText(
    /It stopped: its tab closed, reloaded or left the console\./,
  )
})

test('the side panel follows a sign-out and a sign-in in this tab as they happen', async ({
  page,
}) => {
  await signIn(page)
  await expectSignedIn(page)
  await openLive(page, 'login')
  await page.getByRole('button', { name: 'Follow in a side panel' }).click()
  const panel = sidePanel(page)
  await expect(panel.getByRole('heading', { name: 'Live' })).toBeVisible()
  await expect(panel.getByText(/Waiting for a login to run/)).toBeVisible()

  await page.getByRole('button', { name: /user menu/i }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  const status = panel.getByRole('status')
  await expect(status).toHaveText('login is now in credentials.editing.')
  await expect(panel.getByText('login #1, this tab')).toBeVisible()

  // The server's answer waits until the panel has shown the check under way.
  let answer: () => void = () => {}
  const answered = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/v1/login', async (route) => {
    await answered
    await route.continue()
  })
  await usernameField(page).fill(ADMIN.email)
  await passwordField(page).fill(ADMIN.password)
  await loginButton(page).click()
  await expect(status).toHaveText('login is now in signingIn.')
  await expect(
    panel.getByText(/^Now in signingIn: Checks the username and password with the server\.$/),
  ).toBeVisible()
  await expect(litState(panel, 'login.signingIn')).toBeVisible()
  await expect(litTransition(panel, 'login.credentials login.submit#0')).toBeVisible()
  await expect(litState(panel, 'login.credentials')).toHaveCount(0)
  answer()
  await expect(status).toHaveText('login ended in signedIn.')
  await expect(litState(panel, 'login.signedIn')).toBeVisible()
  await expect(litState(panel, 'login.signingIn')).toHaveCount(0)
  const events = panel.getByRole('list', { name: 'Last events, newest first' })
  await expect(events.getByRole('listitem')).toContainText([
    'It reached its final state and ended.',
    'The server accepted the password; the account has no second factor.',
    'Login was pressed with a valid username and password.',
  ])
  await expectSignedIn(page)
  // Signed in again, on Home: the panel is still there, and nothing typed is on it.
  await expect(status).toHaveText('login ended in signedIn.')
  await expect(panel).not.toContainText(ADMIN.password)
  await expect(panel).not.toContainText(ADMIN.email)

  await panel.getByRole('button', { name: 'Close the live panel' }).click()
  await expect(panel).toBeHidden()
  await page.reload()
  await expectSignedIn(page)
  await expect(panel).toBeHidden()
})

for (const layout of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const)
  test.describe(`side panel, ${layout.name}`, () => {
    test.use({ viewport: layout.viewport })

    test('passes axe, and is photographed', async ({ page }) => {
      const panel = sidePanel(page)
      // Light and dark from the same visit (support/schemes.ts).
      const check = (screen: string) => inEachScheme(page, (scheme) => look(screen, scheme))
      const look = async (screen: string, scheme: string) => {
        await page.waitForFunction(() =>
          document.getAnimations().every((animation) => animation.playState !== 'running'),
        )
        const results = await new AxeBuilder({ page }).include('[aria-label="Live flow"]').analyze()
        const serious = results.violations.filter(
          (v) => v.impact === 'serious' || v.impact === 'critical',
        )
        expect(
          serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
          `${screen}, ${scheme}`,
        ).toEqual([])
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        expect(overflow, `${screen} spills sideways`).toBeLessThanOrEqual(0)
        await page.screenshot({
          animations: 'disabled',
          path: `test-results/screens/flows-live-side-${screen}-${layout.name}-${scheme}.png`,
        })
      }
      await signIn(page)
      await expectSignedIn(page)
      await openLive(page, 'login')
      await page.getByRole('button', { name: 'Follow in a side panel' }).click()
      await page.goto('/logout')
      await expect(panel.getByRole('status')).toHaveText('login is now in credentials.editing.')
      await usernameField(page).fill('nobody')
      await expect(panel.getByRole('list', { name: 'Last events, newest first' })).toContainText(
        'The username was typed',
      )
      await check('login')

      await signIn(page)
      await expectSignedIn(page)
      await expect(panel.getByRole('status')).toHaveText('login ended in signedIn.')
      // Beside the panel the top bar still holds every tab and the user menu.
      if (layout.name === 'desktop')
        await expect(page.getByRole('button', { name: /user menu/i })).toBeInViewport()
      await check('home')
    })
  })
