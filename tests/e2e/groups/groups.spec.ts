import type { Page } from '@playwright/test'
import { axeViolations, describeFound, type Found } from '../a11y/axe'
import { expectSignedIn, signIn } from '../login/login'
import { expect, testWithServer } from '../support/fixtures'
import { ADMIN } from '../support/server'
import { inEachScheme } from '../support/schemes'
import { fullName, openUsers, rowCheckbox, rowLinks, serverUsers } from '../users/users'
import {
  createGroup,
  groupRow,
  memberList,
  openGroups,
  serverGroups,
  serverMembers,
} from './groups'

const test = testWithServer({}, { users: 30, sessions: 0, services: 0, attributeKeys: 0 })

const GROUP = 'Pharmacy staff'

/**
 * The first two people the Users list shows (by last name), not the administrator: a search
 * would drop a checked row from the selection, so both are checked in the list as it opens.
 */
async function twoPeople(page: Page) {
  await openUsers(page)
  const ids = await rowLinks(page).evaluateAll((links) =>
    links.slice(0, 3).map((a) => a.getAttribute('href')!.split('/').at(-1)!),
  )
  const users = await serverUsers(page.request)
  const shown = ids
    .map((id) => users.find((u) => u.id === id)!)
    .filter((u) => u.email !== ADMIN.email)
  const [first, second] = shown
  if (!first || !second) throw new Error('The list shows too few users.')
  return [first, second] as const
}

test('staff create a group, add two users from the Users list, see and remove members', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page)
  await expectSignedIn(page)
  const [first, second] = await twoPeople(page)

  await openGroups(page)
  await expect(page).toHaveTitle('Groups · Gatehouse')
  await createGroup(page, GROUP, 'Everyone who works in the pharmacy')
  await expect(groupRow(page, GROUP)).toContainText('0 members')
  const group = (await serverGroups(page.request)).find((g) => g.name === GROUP)
  expect(group?.members).toBe(0)

  // In bulk from the Users list: both checked, Add to group, Pharmacy staff.
  await openUsers(page)
  await rowCheckbox(page, first).check()
  await rowCheckbox(page, second).check()
  const bar = page.getByRole('region', { name: 'Selection' })
  await expect(bar).toContainText('2 selected')
  await bar.getByRole('button', { name: 'Add to group' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add 2 users to a group' })
  await dialog.getByRole('radio', { name: new RegExp(GROUP) }).click()
  await dialog.getByRole('button', { name: 'Add to group' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Added 2 users to ${GROUP}.`)).toBeVisible()

  // The Groups screen lists them, as the server does.
  await openGroups(page)
  await expect(groupRow(page, GROUP)).toContainText('2 members')
  await groupRow(page, GROUP).click()
  const members = memberList(page, GROUP)
  await expect(members.getByRole('listitem')).toHaveCount(2)
  await expect(members).toContainText(fullName(first))
  await expect(members).toContainText(fullName(second))
  const stored = await serverMembers(page.request, group!.id)
  expect(stored.map((m) => m.id).sort()).toEqual([first.id, second.id].sort())

  // Remove one.
  await members.getByRole('button', { name: `Remove ${fullName(first)}` }).click()
  await expect(page.getByText(`Removed ${fullName(first)} from ${GROUP}.`)).toBeVisible()
  await expect(members.getByRole('listitem')).toHaveCount(1)
  await expect(members).toContainText(fullName(second))
  await expect(groupRow(page, GROUP)).toContainText('1 member')
  expect((await serverMembers(page.request, group!.id)).map((m) => m.id)).toEqual([second.id])
})

const devices = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const

// SCREENS_DIR keeps them out of test-results/, which the next Playwright run empties.
const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens'

/** Axe and a photograph, light and dark from the same visit (support/schemes.ts). */
async function look(page: Page, found: Found[], screen: string, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow, `${name} spills sideways`).toBeLessThanOrEqual(0)
  await inEachScheme(page, async (scheme) => {
    found.push(...(await axeViolations(page, `${screen}, ${scheme}`)))
    await page.screenshot({ animations: 'disabled', path: `${SCREENS}/${name}-${scheme}.png` })
  })
}

for (const device of devices) {
  test.describe(device.name, () => {
    test.use(device)

    test('the Groups screens pass axe', async ({ page }) => {
      test.setTimeout(120_000)
      const at = device.name
      const found: Found[] = []
      await signIn(page)
      await expectSignedIn(page)
      const [first, second] = await twoPeople(page)
      await openGroups(page)
      const name = `Night shift ${at}`
      await createGroup(page, name, 'Staff on the 22:00–06:00 rota')
      // A new group is selected at once, to add members.
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
      await page.getByRole('button', { name: 'Add members' }).click()
      const picker = page.getByRole('dialog', { name: `Add members to ${name}` })
      await picker.getByRole('searchbox', { name: 'Search users' }).fill(first.email)
      await picker.getByRole('checkbox', { name: new RegExp(fullName(first)) }).click()
      await picker.getByRole('searchbox', { name: 'Search users' }).fill(second.email)
      await picker.getByRole('checkbox', { name: new RegExp(fullName(second)) }).click()
      await expect(picker).toContainText('2 users to add.')
      await look(page, found, 'add members', `groups-add-members-${at}`)
      await picker.getByRole('button', { name: 'Add', exact: true }).click()
      await expect(picker).toBeHidden()
      await expect(memberList(page, name).getByRole('listitem')).toHaveCount(2)
      await look(page, found, 'groups', `groups-${at}`)

      await page.getByRole('button', { name: 'Delete' }).click()
      const ask = page.getByRole('alertdialog', { name: `Delete ${name}?` })
      await expect(ask).toContainText('Its 2 members stay users')
      await look(page, found, 'delete group', `groups-delete-${at}`)
      await ask.getByRole('button', { name: 'Cancel' }).click()

      await openUsers(page)
      await rowCheckbox(page, first).check()
      await page
        .getByRole('region', { name: 'Selection' })
        .getByRole('button', { name: 'Add to group' })
        .click()
      const bulk = page.getByRole('dialog', { name: 'Add 1 user to a group' })
      await bulk.getByRole('radio', { name: new RegExp(name) }).click()
      await look(page, found, 'add to group', `groups-bulk-${at}`)
      expect(found.map(describeFound).join('\n\n')).toBe('')
    })
  })
}
