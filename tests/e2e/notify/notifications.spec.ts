import { testWithServer, expect } from '../support/fixtures'
import type { Page } from '@playwright/test'
import { editorForm, openProfile, personalInfo } from '../profile/profile'

// Saving renames the administrator, so the spec gets a server of its own.
const test = testWithServer()

const notifications = (page: Page) => page.locator('[data-notification]')

async function saveName(page: Page, first: string) {
  await personalInfo(page).getByRole('button', { name: 'Edit name' }).click()
  const form = editorForm(page, 'name')
  await form.getByLabel('First Name').fill(first)
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(form).toBeHidden()
}

test('a save notifies; at most three show; hover holds one, leaving lets it go', async ({
  page,
}) => {
  await openProfile(page)
  for (const first of ['Ada', 'Augusta', 'Ada', 'Augusta']) {
    await saveName(page, first)
    await expect(
      page.getByRole('status').filter({ hasText: 'Your name was saved' }).last(),
    ).toBeVisible()
    expect(await notifications(page).count()).toBeLessThanOrEqual(3)
  }
  // The fourth made the oldest leave: three stay, bottom-left.
  await expect(notifications(page)).toHaveCount(3)
  const box = await notifications(page).last().boundingBox()
  const viewport = page.viewportSize()
  expect(box && viewport && box.x < viewport.width / 2 && box.y > viewport.height / 2).toBe(true)

  // Held past its 5 s: the pointer stays on it, following it as older ones leave the stack.
  const newest = notifications(page).last()
  for (let second = 0; second < 6; second++) {
    await newest.hover()
    await page.waitForTimeout(1000)
  }
  await expect(newest).toBeVisible()
  await expect(newest).toHaveText('Your name was saved')

  await page.mouse.move(viewport ? viewport.width - 1 : 800, 1)
  await expect(notifications(page)).toHaveCount(0, { timeout: 5000 })
})
