import { test as base, type CDPSession, type Page } from '@playwright/test'
import { startServer, type TestServer } from '../support/server'

/**
 * A server of its own at http://localhost:<port>: WebAuthn refuses IP addresses as relying party
 * ids, and PUBLIC_URL is the relying party. Passkeys change the administrator for good.
 */
export const test = base.extend<object, { server: TestServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer({}, undefined, { hostname: 'localhost' })
      await use(server)
      await server.stop()
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
})
export { expect } from '@playwright/test'

/**
 * Chromium's virtual authenticator through the DevTools protocol: a platform authenticator
 * (transport internal) that keeps discoverable credentials and verifies the user at once, as a
 * fingerprint reader would after a touch.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    async credentials() {
      return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
    },
  }
}

export const biometricSwitch = (page: Page) => page.getByRole('switch', { name: 'Biometric Login' })
export const passwordDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Turn On Biometric Login' })
export const passkeyButton = (page: Page) =>
  page.getByRole('button', { name: 'Sign in with a passkey' })

type PasskeyList = { results: { passkeys: { label: string; lastUsedAt: string | null }[] } }

/** The signed-in user's passkeys as the server lists them. */
export async function serverPasskeys(page: Page) {
  const answer = await page.request.get('/v1/passkeys')
  return ((await answer.json()) as PasskeyList).results.passkeys
}
