import type { JWK } from 'jose'
import { type Configuration, type KoaContextWithOIDC, interactionPolicy } from 'oidc-provider'
import type { App } from '../app-types'
import type { Db } from '../db/types'
import { corsAllowed, mayRevoke } from '../domain/oidc-policies'
import {
  accountClaimsWithAccess,
  CLIENT_EXTRAS,
  oidcAccount,
  PERMISSIONS_SCOPE,
  ROLES_SCOPE,
} from '../use-cases/oidc-clients'
import { adapterFor } from './oidc-adapter'
import { clientLifetime, clientService, consoleSession } from './oidc-context'
import { OIDC_PATH } from './oidc-mount'
import type { OidcPages } from './oidc-pages'

/** The console's interaction page; its API is below it, so the provider's cookie reaches both. */
export const INTERACTION_PATH = `${OIDC_PATH}/interaction`

/** When the provider asks the user to sign in again, besides its own checks. */
function signInPolicy(db: Db, cookieName: string) {
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
        const required = clientService(ctx.oidc.client).requireMfa === true
        if ((asked || required) && ctx.oidc.session?.acr !== 'mfa') {
          return interactionPolicy.Check.REQUEST_PROMPT
        }
        return interactionPolicy.Check.NO_NEED_TO_PROMPT
      },
    ),
  )
  return policy
}

/** First-party services need no consent: their grant is made for what they ask. */
const loadExistingGrant: Configuration['loadExistingGrant'] = async (ctx) => {
  const grantId =
    ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId)
  const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined
  if (existing) return existing
  // Also when the provider's session still names a grant that a sign-out or revocation removed.
  if (clientService(ctx.oidc.client).firstParty && ctx.oidc.session?.accountId) {
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client!.clientId,
      accountId: ctx.oidc.session.accountId,
    })
    grant.addOIDCScope([...(ctx.oidc.requestParamScopes ?? [])].join(' ') || 'openid')
    await grant.save()
    return grant
  }
  return undefined
}

/**
 * The provider's fetch for back-channel logout: it refuses to post to private and loopback
 * addresses (SSRF protection) unless the operator says its services live there
 * (OIDC_PRIVATE_BACKCHANNEL).
 */
const privateFetch = (url: Parameters<typeof fetch>[0], options?: RequestInit) => {
  const { dispatcher: _ssrfCheck, ...rest } = (options ?? {}) as RequestInit & {
    dispatcher?: unknown
  }
  return globalThis.fetch(url, rest)
}

/**
 * What the provider does and allows (docs/sso.md): its storage, claims and scopes, the client
 * metadata of a service, CORS and revocation, the sign-in policy and the tokens' lifetimes.
 */
export function providerConfiguration(
  app: App,
  pages: OidcPages,
  secrets: { keys: JWK[]; cookieKeys: string[]; cookieName: string },
): Configuration {
  const { db, config } = app

  return {
    adapter: adapterFor(db),
    clients: [],
    jwks: { keys: secrets.keys },
    cookies: { keys: secrets.cookieKeys },
    findAccount: async (_ctx, sub) => {
      const user = await oidcAccount(db, sub)
      if (!user) return undefined
      return { accountId: sub, claims: () => accountClaimsWithAccess(db, user) }
    },
    claims: {
      // acr and amr come from the sign-in, not the account: every id token carries them.
      openid: ['sub', 'acr', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      phone: ['phone_number'],
      [PERMISSIONS_SCOPE]: ['gatehouse_user_type', 'gatehouse_permissions'],
      [ROLES_SCOPE]: ['gatehouse_roles', 'gatehouse_groups'],
    },
    scopes: [
      'openid',
      'offline_access',
      'email',
      'profile',
      'phone',
      PERMISSIONS_SCOPE,
      ROLES_SCOPE,
    ],
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
    extraClientMetadata: { properties: Object.values(CLIENT_EXTRAS) },
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
      policy: signInPolicy(db, secrets.cookieName),
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    // Every sign-in gets a refresh token; its lifetime is the service's.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant,
    ttl: {
      AccessToken: (_ctx, _token, client) => clientLifetime(client, 'accessTokenTimeout'),
      IdToken: (_ctx, _token, client) => clientLifetime(client, 'accessTokenTimeout'),
      RefreshToken: (_ctx, _token, client) => clientLifetime(client, 'refreshTokenTimeout'),
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: config.sessionMaxHours * 3600,
      // Outside a provider request (the console's consent) there is no ctx: the route sets it.
      Grant: (ctx) => clientLifetime(ctx?.oidc.client, 'refreshTokenTimeout'),
      BackchannelAuthenticationRequest: 600,
      ClientCredentials: 600,
      DeviceCode: 600,
    },
    ...(config.oidcPrivateBackchannel ? { fetch: privateFetch } : {}),
    renderError: pages.renderError,
  }
}
