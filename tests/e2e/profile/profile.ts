import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'
import type { SelfUser } from '../../../schema/user'
import { expectSignedIn, signIn } from '../login/login'

/** Signs in and opens /profile through the user menu, as a person would. */
export async function openProfile(page: Page) {
  await signIn(page)
  await expectSignedIn(page)
  await page.getByRole('button', { name: /user menu/i }).click()
  await page.getByRole('menuitem', { name: 'My Profile' }).click()
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
}

export const personalInfo = (page: Page) => page.getByRole('region', { name: 'Personal Info' })
export const editorForm = (page: Page, thing: string) =>
  page.getByRole('form', { name: `Edit ${thing}` })

/** What the server keeps for the signed-in user, asked with the page's own cookie. */
export async function storedSelf(page: Page): Promise<SelfUser> {
  const answer = await page.request.get('/v1/self')
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { results: { user: SelfUser } }).results.user
}

/** A real 96 × 96 PNG, encoded by sharp. */
export function pngImage(): Promise<Buffer> {
  return sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer()
}

/** The IndexedDB databases the page's origin holds. */
export const databaseNames = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))
