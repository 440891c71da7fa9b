import type { Page } from '@playwright/test'
import { axeViolations, describeFound, type Found } from '../a11y/axe'
import { inEachScheme } from '../support/schemes'
import { expectSignedIn, signIn } from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import {
  accessPart,
  accessSection,
  addGroup,
  addUser,
  answerRegion,
  ask,
  explainSection,
  openDetail,
  pick,
  serverAccess,
} from './access'

// Its own server: the spec adds users and groups and gives roles.
const test = testWithServer({})

const GROUP = 'Pharmacy staff'

/**
 * Rita (who gets the role), Paul (in the group) and Oscar (outside it), and the group; `tag` keeps
 * each screen's people apart on the one server.
 */
async function people(page: Page, tag = '') {
  const rita = await addUser(page.request, 'Rita', `Ramos${tag}`)
  const paul = await addUser(page.request, 'Paul', `Pharma${tag}`)
  const oscar = await addUser(page.request, 'Oscar', `Outside${tag}`)
  const group = await addGroup(page.request, `${GROUP}${tag}`, [paul])
  return { rita, paul, oscar, group }
}

test('an administrator gives Help desk for a group; the explain box says who it reaches', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page)
  await expectSignedIn(page)
  const { rita, paul, oscar, group } = await people(page)
  await openDetail(page, rita)

  const roles = accessPart(page, 'Roles')
  await expect(roles.getByText('No roles.')).toBeVisible()
  await expect(accessPart(page, 'Effective permissions').getByText('No permissions.')).toBeVisible()
  await expect(accessSection(page).getByText('Direct permissions (exceptions)')).toBeVisible()

  await pick(page, roles, 'Role', 'Help desk')
  await pick(page, roles, 'Scope', `For group ${GROUP}`)
  await roles.getByRole('button', { name: 'Add role' }).click()
  await expect(page.getByText('The roles of Rita Ramos were saved')).toBeVisible()
  await expect(roles.getByRole('list', { name: 'Roles' })).toHaveText(
    `Help desk for group ${GROUP}Remove`,
  )

  // Each permission with where it comes from.
  const effective = accessPart(page, 'Effective permissions').getByRole('list')
  const source = `Help desk role for group ${GROUP}`
  await expect(effective.getByRole('listitem')).toHaveText([
    `View Users users.read${source}`,
    `Change Users users.write${source}`,
    `View Sessions sessions.read${source}`,
    `Revoke Sessions sessions.revoke${source}`,
  ])

  // The server stored it.
  const stored = await serverAccess(page.request, rita.id)
  expect(stored.assignments).toEqual([
    expect.objectContaining({ roleName: 'Help desk', groupId: group.id, groupName: GROUP }),
  ])
  expect(stored.direct).toEqual([])
  expect(stored.permissions.map((p) => p.permission).sort()).toEqual(
    ['sessions.read', 'sessions.revoke', 'users.read', 'users.write'].sort(),
  )

  // Yes on a member of the group, with the reasons.
  await ask(page, 'View Users', paul)
  await expect(answerRegion(page)).toHaveAttribute('aria-live', 'polite')
  await expect(answerRegion(page).getByText('Yes', { exact: true })).toBeVisible()
  const reasons = answerRegion(page).getByRole('list', { name: 'Reasons' })
  await expect(reasons).toContainText(`for group ${GROUP}`)
  await expect(reasons).toContainText(`Paul Pharma is a member of ${GROUP}`)

  // No on someone outside it.
  await ask(page, 'View Users', oscar)
  await expect(answerRegion(page).getByText('No', { exact: true })).toBeVisible()
  await expect(reasons).toContainText(`Oscar Outside is not a member of ${GROUP}`)

  // No for a permission no role gives.
  await ask(page, 'Change Services')
  await expect(answerRegion(page).getByText('No', { exact: true })).toBeVisible()
  await expect(answerRegion(page)).toContainText('Rita Ramos cannot')
  await expect(explainSection(page).getByRole('button', { name: 'Ask' })).toBeEnabled()
})

const devices = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const

/**
 * The Access section and the explain box, whole: the detail pane scrolls on its own, so the page
 * is made tall enough for both to show at once (the sideways check is at the device's own size).
 */
async function shot(page: Page, name: string, width: number) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow, `${name} spills sideways`).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width, height: 4000 })
  await accessSection(page).scrollIntoViewIfNeeded()
  // Each section's card, with its padding (ghost buttons reach into it).
  await accessSection(page)
    .locator('xpath=..')
    .screenshot({
      animations: 'disabled',
      path: `test-results/screens/${name}.png`,
    })
  await explainSection(page)
    .locator('xpath=..')
    .screenshot({
      animations: 'disabled',
      path: `test-results/screens/${name}-explain.png`,
    })
}

for (const device of devices) {
  test.describe(device.name, () => {
    test.use(device)

    test("the user detail's access passes axe", async ({ page }) => {
      test.setTimeout(120_000)
      const at = device.name
      await signIn(page)
      await expectSignedIn(page)
      const { rita, paul, group } = await people(page, `-${at}`)
      await openDetail(page, rita)
      const roles = accessPart(page, 'Roles')
      await pick(page, roles, 'Role', 'Help desk')
      await pick(page, roles, 'Scope', `For group ${group.name}`)
      await roles.getByRole('button', { name: 'Add role' }).click()
      await expect(roles.getByRole('listitem')).toHaveCount(1)
      await ask(page, 'View Users', paul)
      // Light and dark from the same visit (support/schemes.ts).
      const found: Found[] = []
      await inEachScheme(page, async (scheme) => {
        found.push(...(await axeViolations(page, `user access ${at}, ${scheme}`)))
        await shot(page, `user-access-${at}-${scheme}`, device.viewport.width)
      })
      expect(found.map(describeFound).join('\n\n')).toBe('')
    })
  })
}
