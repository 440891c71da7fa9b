import fp from 'fastify-plugin'
import Provider from 'oidc-provider'
import type { App } from '../app-types'
import { sessionCookieName } from '../auth/cookie'
import { failureReason } from '../domain/failure-reason'
import type { Client } from '../repos/audit'
import { purgeExpiredOidcModels } from '../repos/oidc-models'
import { serverSecret } from '../repos/server-secrets'
import type { SignedInService } from '../repos/session-services'
import { clientSecretMatches } from '../use-cases/oidc-clients'
import { endServiceSignIns, type TellService } from '../use-cases/oidc-events'
import { keysVersion, signingKeys } from '../use-cases/oidc-keys'
import { DEFAULT_CONSOLE_DIR } from './static-console'
import { logProviderConsole } from './oidc-console'
import { watchEvents } from './oidc-events'
import { mountProvider, OIDC_PATH } from './oidc-mount'
import { type OidcPages, oidcPages } from './oidc-pages'
import { providerConfiguration } from './oidc-policy'

export { INTERACTION_PATH } from './oidc-policy'

const PURGE_INTERVAL_MS = 10 * 60_000
const KEY_CHECK_INTERVAL_MS = 60_000

export interface OidcService {
  /** The provider as it is now (a key rotation builds a new one). */
  readonly provider: Provider
  readonly issuer: string
  /** Builds the provider again if the signing keys changed (rotate-keys); answers whether. */
  reloadKeys(): Promise<boolean>
  /**
   * Revokes these sign-ins' grants (tokens and codes) and tells the services (back-channel), once
   * per service session; `told` names the ones already told (serviceSessionKey).
   */
  endSignIns(signIns: SignedInService[], client: Client, told?: ReadonlySet<string>): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    oidc: OidcService
  }
}

/** The provider with this database's keys and the policy of oidc-policy.ts, its events watched. */
async function buildProvider(app: App, pages: OidcPages): Promise<Provider> {
  const { db, config } = app
  const cookieName = sessionCookieName(config)
  const secrets = {
    keys: await signingKeys(db),
    cookieKeys: [await serverSecret(db, 'oidc-cookies')],
    cookieName,
  }
  const provider = new Provider(
    `${config.publicUrl}${OIDC_PATH}`,
    providerConfiguration(app, pages, secrets),
  )
  provider.proxy = true
  // Confidential services' secrets are kept hashed and may be several at once during a rotation:
  // the provider's own comparison (with the one secret in the metadata) is replaced.
  provider.Client.prototype.compareClientSecret = function (this: { clientId: string }, actual) {
    return clientSecretMatches(db, this.clientId, String(actual))
  }
  watchEvents(app, provider, cookieName)
  return provider
}

/** Posts a logout token to the service of a sign-in with the provider's own back-channel logout. */
function tellService(app: App, provider: () => Provider): TellService {
  return async (signIn) => {
    const found = await provider().Client.find(signIn.serviceKey)
    if (!found) return undefined
    try {
      const logout = found as unknown as {
        backchannelLogout(sub: string, sid: string): Promise<void>
      }
      await logout.backchannelLogout(signIn.userId, signIn.sid)
      return {}
    } catch (error) {
      // One service's failure stops no other; it is in the audit log and the log.
      const reason = failureReason(error)
      app.log.warn({ serviceKey: signIn.serviceKey, reason }, 'oidc back-channel logout failed')
      return { failure: reason }
    }
  }
}

/**
 * The OpenID Connect provider (oidc-provider, docs/sso.md) under /oidc: its own routes take the raw
 * request (no JSON parsing, security headers or envelope; origin-check skips them), the console's
 * interaction page and API (routes/oidc) are Fastify routes below /oidc/interaction. Its storage is
 * oidc-adapter.ts, its policy oidc-policy.ts, its events oidc-events.ts (bookkeeping in
 * use-cases/oidc-events.ts).
 */
export default fp(
  async (app: App, options: { consoleDir?: string }) => {
    // Before the first provider is built: its construction may print notices too.
    const stopLogging = logProviderConsole(app.log)
    const pages = oidcPages(app, options.consoleDir ?? DEFAULT_CONSOLE_DIR)
    let provider = await buildProvider(app, pages)
    let version = await keysVersion(app.db)
    let callback = provider.callback()
    const tell = tellService(app, () => provider)
    const service: OidcService = {
      get provider() {
        return provider
      },
      issuer: `${app.config.publicUrl}${OIDC_PATH}`,
      async reloadKeys() {
        const now = await keysVersion(app.db)
        if (now === version) return false
        provider = await buildProvider(app, pages)
        callback = provider.callback()
        version = now
        return true
      },
      endSignIns: (signIns, client, told = new Set()) =>
        endServiceSignIns(app.db, client, signIns, told, tell),
    }
    app.decorate('oidc', { getter: () => service })
    await mountProvider(app, () => callback, pages.style)

    const purge = () =>
      purgeExpiredOidcModels(app.db).catch((error: unknown) =>
        app.log.error({ err: error }, 'oidc purge failed'),
      )
    const checkKeys = () =>
      service.reloadKeys().catch((error: unknown) => app.log.error({ err: error }, 'oidc keys'))
    const purgeTimer = setInterval(() => void purge(), PURGE_INTERVAL_MS)
    const keyTimer = setInterval(() => void checkKeys(), KEY_CHECK_INTERVAL_MS)
    purgeTimer.unref()
    keyTimer.unref()
    app.addHook('onReady', async () => {
      await purge()
    })
    app.addHook('onClose', () => {
      stopLogging()
      clearInterval(purgeTimer)
      clearInterval(keyTimer)
    })
  },
  { name: 'oidc', dependencies: ['db', 'event-streams'] },
)
