import type { Page } from '@playwright/test'

export const TABS = [
  'Home',
  'Sessions',
  'Users',
  'Services',
  'Logs',
  'Attributes',
  'Roles',
  'Groups',
] as const
export const INTERNAL_TABS = ['Queue', 'Webhooks', 'Dashboard'] as const

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
export const userMenuButton = (page: Page) => page.getByRole('button', { name: /user menu/i })
