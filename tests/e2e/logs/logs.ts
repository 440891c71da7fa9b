import type { Page } from '@playwright/test'
import { expect } from '../support/fixtures'
import { mainNav } from '../shell/shell'

/** The rows of the Logs screen. */
export const logEvents = (page: Page) =>
  page.getByRole('list', { name: 'Log events' }).getByRole('listitem')

/** A picker of the filter bar: 'User', 'Actor' or 'Service'. */
export const picker = (page: Page, name: 'User' | 'Actor' | 'Service') =>
  page.getByRole('combobox', { name, exact: true })

/** The chip of a set id filter, by what it reads ('User Ada Lovelace'). */
export const chip = (page: Page, text: string) =>
  page.getByRole('group', { name: 'Filters' }).getByText(text, { exact: true })

export async function openLogs(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Logs' }).click()
  await expect(page).toHaveURL(/\/logs$/)
  await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible()
  await expect(logEvents(page).first()).toBeVisible()
}

/**
 * Types `text` into the picker key by key, as a person would, until `option` is offered (the
 * console's cache may still be bringing a change the test just made on the server).
 */
export async function typeUntilOffered(
  page: Page,
  name: 'User' | 'Actor' | 'Service',
  text: string,
  option: string | RegExp,
) {
  const box = picker(page, name)
  await expect(async () => {
    await box.fill('')
    await box.pressSequentially(text)
    await expect(page.getByRole('option', { name: option }).first()).toBeVisible({ timeout: 2_000 })
  }).toPass()
}
