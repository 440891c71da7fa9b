import fp from 'fastify-plugin'
import Provider, {
  type Adapter,
  type AdapterPayload,
  type Configuration,
  type KoaContextWithOIDC,
  interactionPolicy,
} from 'oidc-provider'
import type { App } from '../app-types'
import { sessionCookieName } from '../auth/cookie'
import type { Db } from '../db/types'
import { failureReason } from '../domain/failure-reason'
import { corsAllowed, mayRevoke } from '../domain/oidc-policies'
import { AuditAction, type Client } from '../repos/audit'
import {
  consumeOidcModel,
  destroyOidcModel,
  findOidcModel,
  findOidcModelBy,
  purgeExpiredOidcModels,
  revokeOidcGrant,
  upsertOidcModel,
} from '../repos/oidc-models'
import { serverSecret } from '../repos/server-secrets'
import type { SignedInService } from '../repos/session-services'
import {
  accountClaims,
  clientMetadata,
  clientSecretMatches,
  oidcAccount,
  PERMISSIONS_SCOPE,
  recordOidcEvent,
} from '../use-cases/oidc-clients'
import { keysVersion, signingKeys } from '../use-cases/oidc-keys'
import { DEFAULT_CONSOLE_DIR } from './static-console'
import { logProviderConsole } from './oidc-console'
import { clientExtras, consoleSession, serviceSessionKey } from './oidc-context'
import { watchEvents } from './oidc-events'
import { mountProvider, OIDC_PATH } from './oidc-mount'
import { type OidcPages, oidcPages } from './oidc-pages'

/** The console's interaction page; its API is below it, so the provider's cookie reaches both. */
export const INTERACTION_PATH = `${OIDC_PATH}/interaction`

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

/** The provider's storage: one table of model instances; clients are the services. */
function adapterFor(db: Db) {
  return class GatehouseAdapter implements Adapter {
    constructor(private readonly model: string) {}
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      await upsertOidcModel(db, this.model, id, payload, expiresIn)
    }
    async find(id: string) {
      if (this.model === 'Client') return (await clientMetadata(db, id)) as AdapterPayload
      return await findOidcModel(db, this.model, id)
    }
    async findByUserCode(userCode: string) {
      return (await findOidcModelBy(db, this.model, 'userCode', userCode)) as AdapterPayload
    }
    async findByUid(uid: string) {
      return await findOidcModelBy(db, this.model, 'uid', uid)
    }
    async consume(id: string) {
      await consumeOidcModel(db, this.model, id)
    }
    async destroy(id: string) {
      await destroyOidcModel(db, this.model, id)
    }
    async revokeByGrantId(grantId: string) {
      await revokeOidcGrant(db, grantId)
    }
  }
}

async function buildProvider(app: App, pages: OidcPages): Promise<Provider> {
  const { db, config } = app
  const issuer = `${config.publicUrl}${OIDC_PATH}`
  const cookieName = sessionCookieName(config)
  const keys = await signingKeys(db)
  const cookieKeys = [await serverSecret(db, 'oidc-cookies')]

  const policy = interactionPolicy.base()
  // Single sign-on rides on the console session: the provider's own session counts only while
  // the console session it was made from is live and of the same user (docs/sso.md).
  policy.get('login')?.checks.add(
    new interactionPolicy.Check(
      'gatehouse_session',
      'The Gatehouse session ended',
      async (ctx: KoaContextWithOIDC) => {
        const session = await consoleSession(db, ctx, cookieName)
        if (!session || session.userId !== ctx.oidc.session?.accountId) {
          return interactionPolicy.Check.REQUEST_PROMPT
        }
        return interactionPolicy.Check.NO_NEED_TO_PROMPT
      },
    ),
  )

  // A service that asks for a second factor (acr_values=mfa, or marked so in Services) is not
  // served from a provider session that was made without one (docs/second-factors.md).
  policy.get('login')?.checks.add(
    new interactionPolicy.Check(
      'gatehouse_mfa',
      'The service requires a second factor',
      (ctx: KoaContextWithOIDC) => {
        const acrValues = ctx.oidc.params?.acr_values
        const asked = typeof acrValues === 'string' && acrValues.split(' ').includes('mfa')
        const required = clientExtras(ctx.oidc.client).gatehouse_require_mfa === true
        if ((asked || required) && ctx.oidc.session?.acr !== 'mfa') {
          return interactionPolicy.Check.REQUEST_PROMPT
        }
        return interactionPolicy.Check.NO_NEED_TO_PROMPT
      },
    ),
  )

  const hours = (client: unknown) => clientExtras(client).gatehouse_access_token_hours ?? 1
  const days = (client: unknown) => clientExtras(client).gatehouse_refresh_token_days ?? 30

  const configuration: Configuration = {
    adapter: adapterFor(db),
    clients: [],
    jwks: { keys: keys },
    cookies: { keys: cookieKeys },
    findAccount: async (_ctx, sub) => {
      const user = await oidcAccount(db, sub)
      if (!user) return undefined
      return { accountId: sub, claims: () => accountClaims(user) }
    },
    claims: {
      // acr and amr come from the sign-in, not the account: every id token carries them.
      openid: ['sub', 'acr', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      phone: ['phone_number'],
      [PERMISSIONS_SCOPE]: ['gatehouse_user_type', 'gatehouse_permissions'],
    },
    scopes: ['openid', 'offline_access', 'email', 'profile', 'phone', PERMISSIONS_SCOPE],
    // Scoped claims go into the id token too, so a service need not call userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // acr: 'mfa' when the sign-in used a second factor (or a passkey), else 'pwd'.
    acrValues: ['pwd', 'mfa'],
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    enabledJWA: {
      idTokenSigningAlgValues: ['RS256', 'ES256'],
      userinfoSigningAlgValues: ['RS256', 'ES256'],
      introspectionSigningAlgValues: ['RS256', 'ES256'],
      authorizationSigningAlgValues: ['RS256', 'ES256'],
    },
    pkce: {
      // Public clients cannot keep a secret: PKCE (S256) is what binds their code.
      required: (_ctx, client) => client.clientAuthMethod === 'none',
    },
    extraClientMetadata: {
      properties: [
        'gatehouse_service_id',
        'gatehouse_first_party',
        'gatehouse_access_token_hours',
        'gatehouse_refresh_token_days',
        'gatehouse_require_mfa',
      ],
    },
    // Browsers may call a client's endpoints only from that client's pages (docs/sso.md).
    clientBasedCORS: (ctx, origin, client) =>
      corsAllowed({
        origin,
        route: String(ctx.oidc.route),
        redirectUris: client.redirectUris ?? [],
        confidential: client.clientAuthMethod !== 'none',
      }),
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => mayRevoke(client.clientId, token.clientId ?? ''),
      },
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client) => client.clientAuthMethod !== 'none',
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
      backchannelLogout: { enabled: true },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    // Every sign-in gets a refresh token; its lifetime is the service's.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId)
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined
      if (existing) return existing
      // First-party services need no consent: their grant is made here, for what they ask. Also
      // when the provider's session still names a grant that a sign-out or revocation removed.
      if (clientExtras(ctx.oidc.client).gatehouse_first_party && ctx.oidc.session?.accountId) {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session.accountId,
        })
        grant.addOIDCScope([...(ctx.oidc.requestParamScopes ?? [])].join(' ') || 'openid')
        await grant.save()
        return grant
      }
      return undefined
    },
    ttl: {
      AccessToken: (_ctx, _token, client) => hours(client) * 3600,
      IdToken: (_ctx, _token, client) => hours(client) * 3600,
      RefreshToken: (_ctx, _token, client) => days(client) * 86_400,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: config.sessionMaxHours * 3600,
      // Outside a provider request (the console's consent) there is no ctx: the route sets it.
      Grant: (ctx) => days(ctx?.oidc.client) * 86_400,
      BackchannelAuthenticationRequest: 600,
      ClientCredentials: 600,
      DeviceCode: 600,
    },
    // The provider refuses to post to private and loopback addresses (SSRF protection) unless the
    // operator says its services live there (OIDC_PRIVATE_BACKCHANNEL).
    ...(config.oidcPrivateBackchannel
      ? {
          fetch: (url: Parameters<typeof fetch>[0], options?: RequestInit) => {
            const { dispatcher: _ssrfCheck, ...rest } = (options ?? {}) as RequestInit & {
              dispatcher?: unknown
            }
            return globalThis.fetch(url, rest)
          },
        }
      : {}),
    renderError: pages.renderError,
  }
  const provider = new Provider(issuer, configuration)
  provider.proxy = true
  // Confidential services' secrets are kept hashed and may be several at once during a rotation:
  // the provider's own comparison (with the one secret in the metadata) is replaced.
  provider.Client.prototype.compareClientSecret = function (this: { clientId: string }, actual) {
    return clientSecretMatches(db, this.clientId, String(actual))
  }
  watchEvents(app, provider, cookieName)
  return provider
}

/**
 * The OpenID Connect provider (oidc-provider, docs/sso.md) under /oidc: its own routes take the raw
 * request (no JSON parsing, security headers or envelope; origin-check skips them), the console's
 * interaction page and API (routes/oidc) are Fastify routes below /oidc/interaction.
 */
export default fp(
  async (app: App, options: { consoleDir?: string }) => {
    // Before the first provider is built: its construction may print notices too.
    const stopLogging = logProviderConsole(app.log)
    const pages = oidcPages(app, options.consoleDir ?? DEFAULT_CONSOLE_DIR)
    let provider = await buildProvider(app, pages)
    let version = await keysVersion(app.db)
    let callback = provider.callback()
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
      async endSignIns(signIns, client, told = new Set()) {
        const telling = new Set(told)
        for (const signIn of signIns) {
          await revokeOidcGrant(app.db, signIn.grantId)
          await destroyOidcModel(app.db, 'Grant', signIn.grantId)
          if (!signIn.backchannelLogoutUri) continue
          const key = serviceSessionKey(signIn.serviceKey, signIn.sid)
          if (telling.has(key)) continue
          telling.add(key)
          const found = await provider.Client.find(signIn.serviceKey)
          if (!found) continue
          const event = {
            action: AuditAction.oidcBackchannelLogout,
            userId: signIn.userId,
            serviceId: signIn.serviceId,
            serviceKey: signIn.serviceKey,
          }
          try {
            const logout = found as unknown as {
              backchannelLogout(sub: string, sid: string): Promise<void>
            }
            await logout.backchannelLogout(signIn.userId, signIn.sid)
            await recordOidcEvent(app.db, client, { ...event, outcome: 'success' })
          } catch (error) {
            // One service's failure stops no other; it is in the audit log and the log.
            const reason = failureReason(error)
            app.log.warn(
              { serviceKey: signIn.serviceKey, reason },
              'oidc back-channel logout failed',
            )
            await recordOidcEvent(app.db, client, { ...event, outcome: 'failure', reason })
          }
        }
      },
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
