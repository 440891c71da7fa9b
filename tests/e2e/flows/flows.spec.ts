import { readFile } from 'node:fs/promises'
import { expect, testWithServer } from '../support/fixtures'
import { expectSignedIn, signIn } from '../login/login'
import { ADMIN } from '../support/server'
import { inEachScheme } from '../support/schemes'
import { tabTo } from '../a11y/keyboard'
import { userMenuButton } from '../shell/shell'
import {
  choice,
  choiceGroup,
  expectActive,
  flowRow,
  outline,
  seededCustomer,
  stateItem,
  typeAndSend,
} from './flows'

const NOT_AUTHORIZED = 'You are not authorized to view this.'
/** `npm run seed` gives every user this password (scripts/seed). */
const SEEDED_PASSWORD = 'Seeded#Pass2026'

// Seeded customers hold no permission (flows.read included); a long password life keeps the
// expiry dialog away.
const test = testWithServer(
  { PASSWORD_MAX_AGE_DAYS: '3650' },
  { users: 10, sessions: 2, services: 1 },
)

test.describe('the Flows page (issue 14)', () => {
  test('lists the statecharts, simulates a sign-in with a code, plays a path, downloads Gherkin and exports', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await signIn(page)
    await expectSignedIn(page)
    // Flows is a testing tool: the user menu leads there, not a Home card (issue 30).
    await expect(page.getByRole('link', { name: /^Flows/ })).toHaveCount(0)
    await userMenuButton(page).click()
    await page.getByRole('menuitem', { name: 'Flows' }).click()
    await expect(page).toHaveURL(/\/flows$/)
    await expect(page.getByRole('heading', { name: 'Flows', level: 1 })).toBeVisible()
    const login = flowRow(page, 'login')
    await expect(login).toContainText('Login screen (/login)')
    await expect(login).toContainText('100 % (31 of 31 transitions taken)')

    await login.getByRole('link', { name: 'login', exact: true }).click()
    await expect(page).toHaveURL(/\/flows\/login$/)
    await expect(page.getByRole('heading', { name: 'login', level: 1 })).toBeVisible()
    await expect(page.getByRole('figure', { name: 'Diagram of login' })).toBeVisible()
    await expectActive(page, 'login', 'credentials.editing')

    // Simulate: the production machine with its effects stubbed; nothing reaches the server.
    await typeAndSend(page, 'login.usernameChanged', ADMIN.email)
    await typeAndSend(page, 'login.passwordChanged', 'not the real one')
    await choice(page, 'Login was pressed with a valid username and password.').click()
    await expectActive(page, 'login', 'signingIn')
    await choice(
      page,
      'The server accepted the password; the account has a second factor, the first asked at the head (a text message is sent at once when that is first) (text messages only).',
    ).click()
    await expectActive(page, 'login', 'code')
    await choiceGroup(page, 'mfa.codeChanged')
      .getByRole('button', { name: /“123456”/ })
      .click()
    await choice(
      page,
      'Validate Code was pressed with a code of the right form (six characters; a recovery code XXXXX-XXXXX).',
    ).click()
    await expectActive(page, 'login', 'verifying')
    await choice(page, 'The server accepted the code.').click()
    await expectActive(page, 'login', 'signedIn')
    await expectActive(page, 'login', 'verifying', false)
    await expect(page.getByRole('status').filter({ hasText: 'Finished in signedIn' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Event log' }).getByRole('listitem')).toHaveText([
      `The username was typed; usernames are case-insensitive, so the field shows it lowercased: “${ADMIN.email}”.Then in credentials.editing`,
      'The password was typed: “not the real one”.Then in credentials.editing',
      'Login was pressed with a valid username and password.Then in signingIn',
      'The server accepted the password; the account has a second factor, the first asked at the head (a text message is sent at once when that is first) (text messages only).Then in code.editing',
      'The code was typed: “123456”.Then in code.editing',
      'Validate Code was pressed with a code of the right form (six characters; a recovery code XXXXX-XXXXX).Then in verifying',
      'The server accepted the code.Then in signedIn',
    ])
    await page.getByRole('button', { name: 'Reset' }).click()
    await expectActive(page, 'login', 'credentials.editing')
    await expect(page.getByText('Nothing has happened yet.')).toBeVisible()

    // Paths: play one step by step and watch the active state move.
    await page.getByRole('tab', { name: 'Paths' }).click()
    // login-26: the password, then the text-message step (shorter paths try passkeys first).
    await page.getByRole('button', { name: 'Play login-26', exact: true }).click()
    const player = page.getByRole('status').filter({ hasText: 'login-26, step' })
    await expect(player).toContainText('login-26, step 0 of 5')
    await expectActive(page, 'login', 'credentials.editing')
    for (const step of [1, 2, 3]) {
      await page.getByRole('button', { name: 'Next step' }).click()
      await expect(player).toContainText(`login-26, step ${step} of 5`)
    }
    await expect(player).toContainText('Login was pressed with a valid username and password.')
    await expectActive(page, 'login', 'signingIn')
    await expectActive(page, 'login', 'credentials', false)
    await page.getByRole('button', { name: 'Previous step' }).click()
    await expectActive(page, 'login', 'credentials')
    // Each path's steps read as QA reads them: action, then the state it reaches.
    const played = page
      .getByRole('list', { name: 'Paths' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Play login-26', exact: true }) })
    await played.getByText('Steps', { exact: true }).click()
    await expect(played.getByRole('listitem').nth(4)).toHaveText(
      "The server accepted the password; the account has a second factor, the first asked at the head (a text message is sent at once when that is first) (text messages only).Then The 'Two Factor Authentication' step: the code of the factor asked for, and the account's other factors. No failure to report. (code.editing)Screen: The 'Two Factor Authentication' form; the field is Security Code; “We sent a 6-digit code by text message to your phone.” with Resend code; Validate Code is off; no message",
    )

    // Downloads: the same file `npm run paths -- login --format gherkin` writes.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Gherkin', exact: true }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('login-paths.feature')
    const gherkin = await readFile(await download.path(), 'utf8')
    expect(gherkin.startsWith('Feature: login\n')).toBe(true)
    expect(gherkin).toContain('\n  Scenario: login-1 ')

    // Export: the diagram as SVG and PNG, the machine as JSON, made in the page.
    await page.getByRole('tab', { name: 'Export' }).click()
    const saved = async (button: string) => {
      const next = page.waitForEvent('download')
      await page.getByRole('button', { name: button, exact: true }).click()
      const file = await next
      return { name: file.suggestedFilename(), content: await readFile(await file.path()) }
    }
    const svg = await saved('SVG')
    expect(svg.name).toBe('login.svg')
    expect(svg.content.toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg.content.toString('utf8')).toContain('signingIn')
    const png = await saved('PNG')
    expect(png.name).toBe('login.png')
    expect(png.content.subarray(1, 4).toString('latin1')).toBe('PNG')
    const json = await saved('Machine JSON')
    expect(json.name).toBe('login.json')
    expect(JSON.parse(json.content.toString('utf8'))).toMatchObject({ id: 'login', root: 'login' })
  })

  test('works from the keyboard: sections, the outline, a choice, the player', async ({ page }) => {
    await signIn(page)
    await expectSignedIn(page)
    await page.goto('/flows/login')
    // The outline is one stop in the tab order; arrows move inside it.
    const root = stateItem(page, 'login', '')
    const credentials = stateItem(page, 'login', 'credentials')
    await tabTo(page, outline(page, 'login').getByRole('treeitem').first())
    await page.keyboard.press('ArrowDown')
    await expect(credentials).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(credentials).toHaveAttribute('aria-expanded', 'false')
    await expect(stateItem(page, 'login', 'credentials.editing')).toHaveCount(0)
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(stateItem(page, 'login', 'credentials.editing')).toBeFocused()
    await page.keyboard.press('Home')
    await expect(root).toBeFocused()
    // A choice, by Tab and Enter.
    await tabTo(page, page.getByRole('button', { name: "'Sign in with a passkey' was pressed." }))
    await page.keyboard.press('Enter')
    await expectActive(page, 'login', 'passkeySigningIn')
    // The sections are tabs: arrows move between them; the player's buttons follow.
    await tabTo(page, page.getByRole('tab', { name: 'Simulate' }), { back: true })
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Paths' })).toHaveAttribute('aria-selected', 'true')
    await tabTo(page, page.getByRole('button', { name: 'Play login-2', exact: true }))
    await page.keyboard.press('Enter')
    await tabTo(page, page.getByRole('button', { name: 'Next step' }), { back: true })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'login-2, step 1 of' })).toBeVisible()
  })

  test('opens from the user menu; an unknown statechart says so', async ({ page }) => {
    await signIn(page)
    await expectSignedIn(page)
    await userMenuButton(page).click()
    await page.getByRole('menuitem', { name: 'Flows' }).click()
    await expect(page.getByRole('heading', { name: 'Flows', level: 1 })).toBeVisible()
    await page.goto('/flows/nothing')
    await expect(page.getByRole('alert')).toHaveText(
      'This statechart cannot be shown: There is no statechart named “nothing”.',
    )
  })

  test('without flows.read: no card, no menu entry, and the pages are not shown', async ({
    page,
    request,
  }) => {
    const email = await seededCustomer(request)
    await signIn(page, { username: email, password: SEEDED_PASSWORD })
    await expectSignedIn(page)
    await expect(page.getByRole('link', { name: /^Flows/ })).toHaveCount(0)
    await userMenuButton(page).click()
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'Flows' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    for (const path of ['/flows', '/flows/login']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: NOT_AUTHORIZED })).toBeVisible()
      await expect(stateItem(page, 'login', 'credentials')).toHaveCount(0)
    }
  })
})

const LAYOUTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

/** Screenshots of the Flows pages for people to look at, into test-results/screens/. */
for (const layout of LAYOUTS)
  test.describe(`screens, ${layout.name}`, () => {
    test.use({ viewport: layout.viewport })

    test('the Flows pages', async ({ page }) => {
      test.setTimeout(120_000)
      const shot = async (screen: string) => {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        expect(overflow, `${screen} spills sideways`).toBeLessThanOrEqual(0)
        // Light and dark from the same visit (support/schemes.ts).
        await inEachScheme(page, async (scheme) => {
          await page.screenshot({
            animations: 'disabled',
            fullPage: true,
            path: `test-results/screens/${screen}-${layout.name}-${scheme}.png`,
          })
        })
      }
      await signIn(page)
      await expectSignedIn(page)
      await page.goto('/flows')
      // Each statechart's paths are built and replayed in the page, one after the other.
      await expect(page.getByRole('status')).toHaveText(/^\d+ statecharts\.$/, {
        timeout: 60_000,
      })
      await shot('flows')
      await page.goto('/flows/login')
      await typeAndSend(page, 'login.usernameChanged', ADMIN.email)
      await typeAndSend(page, 'login.passwordChanged', 'not the real one')
      await choice(page, 'Login was pressed with a valid username and password.').click()
      await expect(page.getByRole('status').filter({ hasText: 'Now in signingIn' })).toBeVisible()
      await shot('flows-login-simulate')
      await page.getByRole('tab', { name: 'Paths' }).click()
      await page.getByRole('button', { name: 'Play login-3', exact: true }).click()
      await page.getByRole('button', { name: 'Next step' }).click()
      await shot('flows-login-paths')
      await page.getByRole('tab', { name: 'Export' }).click()
      await shot('flows-login-export')
    })
  })
