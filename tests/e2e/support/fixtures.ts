import { test as base } from '@playwright/test'
import { startSeededServer, startServer, type SeedCounts, type TestServer } from './server'

/**
 * A test whose worker owns a real server started with `env`. Specs that leave the server as they
 * found it share `test`; specs that change it for good (lockout, second factor) make their own with
 * `testWithServer({...})`, which Playwright runs in a worker of its own; with `seed`, on a
 * database filled by `npm run seed`.
 */
export function testWithServer(env: Record<string, string> = {}, seed?: SeedCounts) {
  return base.extend<object, { server: TestServer }>({
    server: [
      async ({}, use) => {
        const server = seed ? await startSeededServer(seed, env) : await startServer(env)
        await use(server)
        await server.stop()
      },
      // A seeded database takes a while on two busy cores; it is not the test's own time.
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ server }, use) => use(server.url),
  })
}

export const test = testWithServer()
export { expect } from '@playwright/test'
