import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Success } from '../../../schema/envelope'
import { ErrorCode } from '../../../schema/errors'
import { timeoutSeconds } from '../../../schema/service-fields'
import {
  InteractionDetailsResults,
  InteractionDoneResults,
  InteractionParams,
} from '../../../schema/oidc'
import type { App } from '../../app-types'
import { ApiError, conflict } from '../../errors'
import { logoUrl } from '../../use-cases/service-logo'
import { decideLogin, interactionService, recordConsent } from '../../use-cases/oidc-interaction'
import { failures, useCaseContext } from '../context'

type Interaction = Awaited<ReturnType<App['oidc']['provider']['interactionDetails']>>

const INTERACTION = '/oidc/interaction/:uid'

const gone = () =>
  new ApiError(
    ErrorCode.notFound,
    'This sign-in has expired or was started in another browser. Go back to the service and start again.',
  )

/** The interaction the browser's cookie names, and only if it is the one in the path. */
async function interactionOf(app: App, request: FastifyRequest, reply: FastifyReply, uid: string) {
  let interaction: Interaction
  try {
    interaction = await app.oidc.provider.interactionDetails(request.raw, reply.raw)
  } catch {
    throw gone()
  }
  if (interaction.uid !== uid) throw gone()
  return interaction
}

const param = (value: unknown) => (typeof value === 'string' ? value : '')

const scopesOf = (interaction: Interaction) =>
  param(interaction.params.scope).split(' ').filter(Boolean)

const freshSignIn = (interaction: Interaction) =>
  interaction.prompt.name === 'login' &&
  (param(interaction.params.prompt).split(' ').includes('login') ||
    interaction.params.max_age !== undefined)

/**
 * The console's side of a sign-in to a service (docs/sso.md): the page at /oidc/interaction/:uid
 * (the console's index.html) reads the details, completes the sign-in with the console session,
 * consents for a third-party service, or aborts. Each answer says where the browser goes next.
 */
const oidcRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  // The page itself is the console's; the provider's wildcard route must not take it.
  app.get(INTERACTION, { schema: { params: InteractionParams } }, (_request, reply) =>
    reply.callNotFound(),
  )

  app.get(
    `${INTERACTION}/details`,
    {
      schema: {
        params: InteractionParams,
        response: { 200: Success(InteractionDetailsResults), ...failures },
      },
    },
    async (request, reply) => {
      const interaction = await interactionOf(app, request, reply, request.params.uid)
      const clientId = String(interaction.params.client_id)
      const ctx = useCaseContext(app, request)
      const service = await interactionService(ctx, clientId)
      const user = request.auth?.user
      return {
        success: true as const,
        results: {
          interaction: {
            uid: interaction.uid,
            prompt: interaction.prompt.name,
            service: {
              id: service.id,
              key: service.key,
              name: service.name,
              url: service.url,
              hasLogo: service.hasLogo,
              logoUrl: service.hasLogo
                ? await logoUrl({ ...ctx, files: app.files }, service.id, 'medium').catch(
                    () => null,
                  )
                : null,
              firstParty: service.firstParty,
            },
            scopes: scopesOf(interaction),
            signedIn: user ? { id: user.id, name: `${user.nameFirst} ${user.nameLast}` } : null,
            freshSignIn: freshSignIn(interaction),
          },
        },
      }
    },
  )

  const finished = {
    params: InteractionParams,
    response: { 200: Success(InteractionDoneResults), ...failures },
  }

  app.post(`${INTERACTION}/login`, { schema: finished }, async (request, reply) => {
    const interaction = await interactionOf(app, request, reply, request.params.uid)
    if (interaction.prompt.name !== 'login') {
      throw conflict('This sign-in does not ask for a sign-in now.')
    }
    const maxAge = interaction.params.max_age
    const decision = await decideLogin(
      useCaseContext(app, request),
      request.auth?.token ? null : request.auth,
      {
        clientId: String(interaction.params.client_id),
        freshSignIn: freshSignIn(interaction) && maxAge === undefined,
        startedAt: interaction.iat,
        ...(maxAge === undefined ? {} : { maxAge: Number(maxAge) }),
        mfaAsked: param(interaction.params.acr_values).split(' ').includes('mfa'),
      },
    )
    if (decision.refused) {
      const returnTo = await app.oidc.provider.interactionResult(request.raw, reply.raw, {
        error: decision.refused,
        error_description: decision.description,
      })
      return { success: true as const, results: { returnTo } }
    }
    const returnTo = await app.oidc.provider.interactionResult(request.raw, reply.raw, {
      login: {
        accountId: decision.accountId,
        ts: decision.ts,
        amr: decision.amr,
        acr: decision.acr,
      },
    })
    return {
      success: true as const,
      results: {
        returnTo,
        ...(decision.expiresInDays === undefined ? {} : { expiresInDays: decision.expiresInDays }),
      },
    }
  })

  app.post(`${INTERACTION}/consent`, { schema: finished }, async (request, reply) => {
    const interaction = await interactionOf(app, request, reply, request.params.uid)
    const accountId = interaction.session?.accountId
    if (interaction.prompt.name !== 'consent' || !accountId) {
      throw conflict('This sign-in does not ask for consent now.')
    }
    if (request.auth?.user.id !== accountId) {
      throw new ApiError(ErrorCode.notSignedIn, 'Sign in to continue to the service.')
    }
    const { Grant } = app.oidc.provider
    const clientId = String(interaction.params.client_id)
    const found = interaction.grantId ? await Grant.find(interaction.grantId) : undefined
    const grant = found ?? new Grant({ accountId, clientId })
    if (!found) {
      // Saved outside the provider's request, a new grant has no client to take its lifetime
      // from (ttl.Grant): it lasts as long as the service's refresh tokens.
      const service = await interactionService(useCaseContext(app, request), clientId)
      const lifetime = grant as unknown as { expiresIn: number }
      lifetime.expiresIn = timeoutSeconds('refreshTokenTimeout', service.refreshTokenTimeout)
    }
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[]
      missingOIDCClaims?: string[]
      missingResourceScopes?: Record<string, string[]>
    }
    // Consent is for third-party services, and Gatehouse's own scopes are for first-party ones.
    const granted = (details.missingOIDCScope ?? []).filter(
      (scope) => !scope.startsWith('gatehouse:'),
    )
    if (granted.length > 0) grant.addOIDCScope(granted.join(' '))
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '))
    }
    const grantId = await grant.save()
    await recordConsent(
      useCaseContext(app, request),
      accountId,
      clientId,
      scopesOf(interaction),
      'success',
    )
    const returnTo = await app.oidc.provider.interactionResult(
      request.raw,
      reply.raw,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    )
    return { success: true as const, results: { returnTo } }
  })

  app.post(`${INTERACTION}/abort`, { schema: finished }, async (request, reply) => {
    const interaction = await interactionOf(app, request, reply, request.params.uid)
    const accountId = interaction.session?.accountId ?? request.auth?.user.id
    if (accountId) {
      await recordConsent(
        useCaseContext(app, request),
        accountId,
        String(interaction.params.client_id),
        scopesOf(interaction),
        'failure',
      )
    }
    const returnTo = await app.oidc.provider.interactionResult(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    )
    return { success: true as const, results: { returnTo } }
  })
  done()
}

export default oidcRoutes
