import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { ADMIN } from '../support/server'

export const usernameField = (page: Page) => page.getByLabel('Username')
export const passwordField = (page: Page) => page.getByLabel('Password', { exact: true })
export const loginButton = (page: Page) => page.getByRole('button', { name: 'Login' })

/** Signs in through the login screen, as a person would. */
export async function signIn(
  page: Page,
  credentials: { username: string; password: string } = {
    username: ADMIN.email,
    password: ADMIN.password,
  },
) {
  if (!page.url().includes('/login')) await page.goto('/login')
  await usernameField(page).fill(credentials.username)
  await passwordField(page).fill(credentials.password)
  await loginButton(page).click()
}

export async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/home$/)
  await expect(
    page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ }),
  ).toBeVisible()
}

/** Signs in through the API and returns the user's id; the request context keeps the cookie. */
export async function apiSignIn(
  request: APIRequestContext,
  credentials: { username: string; password: string } = {
    username: ADMIN.email,
    password: ADMIN.password,
  },
) {
  const answer = await request.post('/v1/login', { data: credentials })
  expect(answer.status()).toBe(200)
  const body = (await answer.json()) as { results: { user: { id: string } } }
  return body.results.user.id
}
