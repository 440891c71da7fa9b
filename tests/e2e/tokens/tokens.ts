import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, type Page } from '@playwright/test'
import { userMenuButton } from '../shell/shell'

const run = promisify(execFile)

/** Opens API tokens from the user menu, as a person would. */
export async function openTokens(page: Page) {
  await userMenuButton(page).click()
  await page.getByRole('menuitem', { name: 'API tokens' }).click()
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible()
}

export const newTokenDialog = (page: Page) => page.getByRole('dialog', { name: 'New token' })
export const secretDialog = (page: Page) =>
  page.getByRole('dialog', { name: /^Token “.*” created$/ })
export const tokenCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Your API tokens' }).getByRole('listitem', { name })

/** Opens New token and fills it in: the name and the role; the expiry as it starts (30 days). */
export async function fillNewToken(page: Page, name: string, role: string) {
  await page.getByRole('button', { name: 'New token' }).click()
  const dialog = newTokenDialog(page)
  await expect(dialog.getByRole('checkbox', { name: role })).toBeVisible()
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByRole('checkbox', { name: role }).click()
  return dialog
}

export type CurlAnswer = {
  status: number
  body: { success: boolean; results?: unknown; error?: unknown }
}

/**
 * What a script gets: `curl` with the token as a bearer and no cookie; the answer's status and
 * envelope.
 */
export async function curl(
  url: string,
  secret: string,
  { method = 'GET', json }: { method?: 'GET' | 'POST'; json?: unknown } = {},
): Promise<CurlAnswer> {
  const args = ['-sS', '-X', method, '-H', `Authorization: Bearer ${secret}`]
  if (json !== undefined)
    args.push('-H', 'Content-Type: application/json', '--data', JSON.stringify(json))
  args.push('-w', '\n%{http_code}', url)
  const { stdout } = await run('curl', args)
  const cut = stdout.lastIndexOf('\n')
  return {
    status: Number(stdout.slice(cut + 1)),
    body: JSON.parse(stdout.slice(0, cut)) as CurlAnswer['body'],
  }
}
