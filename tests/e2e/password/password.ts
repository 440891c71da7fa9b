import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { TestServer } from '../support/server'

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/**
 * The newest reset link mailed to `email` (after `after`, if given). Delivery runs just after the
 * request is answered, so this polls the log transport's outbox as an operator would read it.
 */
export async function resetLinkFor(
  server: TestServer,
  email: string,
  after?: string,
): Promise<string> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const mail = server
      .outbox()
      .filter((m) => m.channel === 'email' && m.to === email && (!after || m.createdAt > after))
      .at(-1)
    const link = mail?.text.match(/https?:\/\/\S+\/passwordReset\/[\w-]+/)?.[0]
    if (link) return link
    if (Date.now() > deadline) throw new Error(`No reset link was mailed to ${email}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Fills the change form (on /password or in the expiry dialog) and presses Change Password. */
export async function submitChange(
  scope: Page | ReturnType<Page['getByRole']>,
  { oldPassword, password }: { oldPassword: string; password: string },
) {
  await scope.getByLabel('Old Password', { exact: true }).fill(oldPassword)
  await scope.getByLabel('New Password', { exact: true }).fill(password)
  await scope.getByLabel('Repeat New Password', { exact: true }).fill(password)
  await scope.getByRole('button', { name: 'Change Password' }).click()
}

/** What POST /v1/login answers for these credentials (a fresh context: no cookie is kept). */
export async function loginStatus(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<number> {
  return (await request.post('/v1/login', { data: { username, password } })).status()
}

export async function expectOnHome(page: Page) {
  await expect(page).toHaveURL(/\/home$/)
  await expect(
    page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ }),
  ).toBeVisible()
}
