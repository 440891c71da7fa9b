import type Provider from 'oidc-provider'
import type { KoaContextWithOIDC } from 'oidc-provider'
import type { App } from '../app-types'
import { failureReason } from '../domain/failure-reason'
import type { Client } from '../repos/audit'
import {
  providerLogout,
  recordAuthorizeRefused,
  recordBackchannelLogout,
  recordProviderLogout,
  recordProviderSignIn,
  recordTokenGrant,
  serviceSessionKey,
} from '../use-cases/oidc-events'
import { clientOfCtx, clientService, consoleToken } from './oidc-context'

/** The key a token request authenticated with, from Basic when the client is unknown. */
function basicClientId(ctx: KoaContextWithOIDC): string | undefined {
  const [scheme, value] = String(ctx.get('authorization') ?? '').split(' ')
  if (scheme?.toLowerCase() !== 'basic' || !value) return undefined
  const id = Buffer.from(value, 'base64').toString('utf8').split(':')[0]
  try {
    return id ? decodeURIComponent(id).slice(0, 200) : undefined
  } catch {
    return undefined
  }
}

const serviceOf = (ctx: KoaContextWithOIDC | undefined) => {
  const client = ctx?.oidc?.client
  if (!client) {
    const asked = ctx?.oidc?.params?.client_id
    return { serviceKey: typeof asked === 'string' ? asked : ctx && basicClientId(ctx) }
  }
  return { serviceId: clientService(client).id, serviceKey: client.clientId }
}

/** The audit's client of an event told outside a request. */
const PROVIDER_CLIENT: Client = { ip: '', userAgent: 'oidc-provider' }

/** The provider's refusals, by the event it tells them with (its error_handler). */
const ERROR_EVENTS = [
  'authorization.error',
  'grant.error',
  'end_session.error',
  'discovery.error',
  'jwks.error',
  'userinfo.error',
  'revocation.error',
  'introspection.error',
  'end_session_confirm.error',
  'end_session_success.error',
] as const

/**
 * The provider's events become audit rows and service sign-ins (use-cases/oidc-events.ts,
 * docs/sso.md "Audit"): each listener reads the facts off the request and calls a use case. Events
 * are told synchronously, so each use case's work is held on the request and its answer waits for
 * them: when the service has its code or the browser its redirect, the rows are stored.
 */
export function watchEvents(app: App, provider: Provider, cookieName: string) {
  const { db } = app
  const held = new WeakMap<object, Promise<void>[]>()
  /** Holds `work` on the request; a failure is logged as `failed` and never rejects. */
  const hold = (ctx: KoaContextWithOIDC | undefined, failed: string, work: Promise<unknown>) => {
    const settled = work.then(
      () => undefined,
      (error: unknown) => app.log.error({ err: error }, failed),
    )
    if (!ctx) return
    const list = held.get(ctx)
    if (list) list.push(settled)
    else held.set(ctx, [settled])
  }
  // The service sessions the provider's own back-channel logout told in this request.
  const told = new WeakMap<object, Set<string>>()
  provider.use(async (ctx, next) => {
    await next()
    for (let list = held.get(ctx); list?.length; list = held.get(ctx)) {
      held.delete(ctx)
      await Promise.all(list)
    }
  })
  const useCaseOf = (ctx: KoaContextWithOIDC) => ({
    db,
    config: app.config,
    outbox: app.outbox,
    client: clientOfCtx(ctx),
  })
  const audit = (ctx: KoaContextWithOIDC | undefined, write: (who: Client) => Promise<void>) =>
    hold(ctx, 'oidc audit failed', write(ctx ? clientOfCtx(ctx) : PROVIDER_CLIENT))

  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    const session = ctx.oidc.session
    const client = ctx.oidc.client
    if (!session?.accountId || !client) return
    const sign = {
      userId: session.accountId,
      clientId: client.clientId,
      grantId: ctx.oidc.entities.Grant?.jti ?? session.grantIdFor(client.clientId) ?? '',
      sid: session.sidFor(client.clientId) ?? '',
    }
    const token = consoleToken(ctx, cookieName)
    hold(ctx, 'oidc sign-in record failed', recordProviderSignIn(useCaseOf(ctx), token, sign))
  })
  provider.on('authorization.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    const about = { userId: ctx?.oidc?.session?.accountId, ...serviceOf(ctx) }
    audit(ctx, (who) => recordAuthorizeRefused(db, who, about, failureReason(error)))
  })
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const refresh = ctx.oidc.params?.grant_type === 'refresh_token'
    const userId = ctx.oidc.account?.accountId ?? ctx.oidc.entities.AccessToken?.accountId
    audit(ctx, (who) => recordTokenGrant(db, who, { refresh, userId, ...serviceOf(ctx) }))
  })
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    const refresh = ctx?.oidc?.params?.grant_type === 'refresh_token'
    const about = { refresh, ...serviceOf(ctx) }
    audit(ctx, (who) => recordTokenGrant(db, who, about, failureReason(error)))
  })
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    const userId = ctx.oidc.session?.accountId
    // 'Yes, sign me out' ends the Gatehouse session too, and with it the other services'
    // sign-ins; 'No, stay signed in' signs out of the asking service only, as the provider did.
    const everywhere = Boolean(ctx.oidc.params?.logout)
    const asking = ctx.oidc.client
    const serviceId = asking && clientService(asking).id
    const useCase = useCaseOf(ctx)
    const token = consoleToken(ctx, cookieName)
    const ending = providerLogout(useCase, token, { userId, everywhere, serviceId }).then(
      async (ended) => {
        if (!ended) return
        app.eventStreams.end([ended.sessionId])
        // The provider has just posted a logout token to each service of its own session;
        // those are not sent a second one.
        await app.oidc.endSignIns(ended.signIns, useCase.client, told.get(ctx))
      },
    )
    hold(ctx, 'oidc logout failed', ending)
    const about = { userId, ...serviceOf(ctx), kept: !everywhere }
    audit(ctx, (who) => recordProviderLogout(db, who, about))
  })
  provider.on('end_session.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    audit(ctx, (who) => recordProviderLogout(db, who, serviceOf(ctx), failureReason(error)))
  })
  // The typings lack the back-channel events; the provider emits them (docs/events.md).
  const emitter = provider as unknown as NodeJS.EventEmitter
  type LogoutClient = { clientId: string }
  const remember = (ctx: KoaContextWithOIDC | undefined, client: LogoutClient, sid: string) => {
    if (!ctx) return
    const set = told.get(ctx) ?? new Set<string>()
    set.add(serviceSessionKey(client.clientId, sid))
    told.set(ctx, set)
  }
  const aboutLogout = (client: LogoutClient, userId: string) => ({
    userId,
    serviceId: clientService(client).id,
    serviceKey: client.clientId,
  })
  emitter.on(
    'backchannel.success',
    (ctx: KoaContextWithOIDC, client: LogoutClient, accountId: string, sid: string) => {
      remember(ctx, client, sid)
      audit(ctx, (who) => recordBackchannelLogout(db, who, aboutLogout(client, accountId)))
    },
  )
  emitter.on(
    'backchannel.error',
    (
      ctx: KoaContextWithOIDC,
      error: unknown,
      client: LogoutClient,
      accountId: string,
      sid: string,
    ) => {
      // Tried is told: a failed post is in the audit log, not sent again moments later.
      remember(ctx, client, sid)
      const reason = failureReason(error)
      app.log.warn({ serviceKey: client.clientId, reason }, 'oidc back-channel logout failed')
      audit(ctx, (who) => recordBackchannelLogout(db, who, aboutLogout(client, accountId), reason))
    },
  )
  // Besides the audit rows: the provider's refusals are callers' mistakes, one info line each as
  // for a 4xx; its own failures (server_error) are errors.
  for (const name of ERROR_EVENTS) {
    emitter.on(name, (ctx: KoaContextWithOIDC | undefined, error: unknown) => {
      app.log.info({ event: name, ...serviceOf(ctx), reason: failureReason(error) }, 'oidc refused')
    })
  }
  provider.on('server_error', (_ctx, error: unknown) => {
    app.log.error({ err: error }, 'oidc provider error')
  })
}
