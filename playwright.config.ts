import { existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium'

/**
 * Specs generated from the paths (`npm run paths -- <machine> --format playwright --out DIR`) run
 * against any Gatehouse: `GATEHOUSE_URL=… npx playwright test DIR`. Playwright reads DIR as a filter
 * inside testDir, so DIR becomes testDir; nothing is built or started (docs/flows-playwright.md).
 * One worker: the specs share the server's sign-in and reset throttles.
 */
function generatedSpecs(): string | undefined {
  if (!process.env.GATEHOUSE_URL) return undefined
  // Workers load this file again with other arguments; they inherit the directory found here.
  const given = process.argv
    .slice(process.argv.indexOf('test') + 1)
    .find((arg) => !arg.startsWith('-') && existsSync(arg))
  // DIR, or one spec in it (DIR/login.spec.ts).
  if (given)
    process.env.GATEHOUSE_SPECS ??= statSync(given).isDirectory()
      ? resolve(given)
      : dirname(resolve(given))
  return process.env.GATEHOUSE_SPECS
}
const generated = generatedSpecs()

/** End to end in Debian's Chromium; each worker starts its own server (tests/e2e/support/server.ts). */
export default defineConfig({
  testDir: generated ?? 'tests/e2e',
  testMatch: '**/*.spec.ts',
  ...(generated ? {} : { globalSetup: './tests/e2e/support/global-setup.ts' }),
  fullyParallel: false,
  workers: generated ? 1 : 2,
  retries: process.env.CI && !generated ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
})
