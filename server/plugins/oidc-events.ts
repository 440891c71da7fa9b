import type Provider from 'oidc-provider'
import type { KoaContextWithOIDC } from 'oidc-provider'
import type { App } from '../app-types'
import { failureReason } from '../domain/failure-reason'
import { AuditAction } from '../repos/audit'
import { forgetSessionService } from '../repos/session-services'
import { recordOidcEvent, type OidcEvent } from '../use-cases/oidc-clients'
import { recordServiceSignIn, signInsOf } from '../use-cases/oidc-interaction'
import { signOut } from '../use-cases/sessions'
import { clientExtras, clientOfCtx, consoleSession, serviceSessionKey } from './oidc-context'

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
  return { serviceId: clientExtras(client).gatehouse_service_id, serviceKey: client.clientId }
}

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
 * The provider's events become audit rows and service sign-ins (docs/sso.md, "Audit"). Its events
 * are told synchronously, so each record is held on the request and its answer waits for them:
 * when the service has its code or the browser its redirect, the rows are stored.
 */
export function watchEvents(app: App, provider: Provider, cookieName: string) {
  const { db } = app
  const held = new WeakMap<object, Promise<void>[]>()
  const hold = (ctx: KoaContextWithOIDC | undefined, work: Promise<void>) => {
    if (!ctx) return
    const list = held.get(ctx)
    if (list) list.push(work)
    else held.set(ctx, [work])
  }
  // The service sessions the provider's own back-channel logout told in this request.
  const told = new WeakMap<object, Set<string>>()
  provider.use(async (ctx, next) => {
    await next()
    // Each held record logs its own failure and never rejects.
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
  const record = (ctx: KoaContextWithOIDC | undefined, event: OidcEvent) => {
    const client = ctx ? clientOfCtx(ctx) : { ip: '', userAgent: 'oidc-provider' }
    hold(
      ctx,
      recordOidcEvent(db, client, event).catch((error: unknown) =>
        app.log.error({ err: error }, 'oidc audit failed'),
      ),
    )
  }

  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    const session = ctx.oidc.session
    const client = ctx.oidc.client
    if (!session?.accountId || !client) return
    const accountId = session.accountId
    const grantId = ctx.oidc.entities.Grant?.jti ?? session.grantIdFor(client.clientId)
    const sid = session.sidFor(client.clientId)
    const recording = consoleSession(db, ctx, cookieName)
      .then((console) =>
        recordServiceSignIn(useCaseOf(ctx), {
          sessionId: console?.userId === accountId ? console.id : undefined,
          userId: accountId,
          clientId: client.clientId,
          grantId: grantId ?? '',
          sid: sid ?? '',
        }),
      )
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'oidc sign-in record failed'))
    hold(ctx, recording)
  })
  provider.on('authorization.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    record(ctx, {
      action: AuditAction.oidcAuthorize,
      outcome: 'failure',
      userId: ctx?.oidc?.session?.accountId,
      ...serviceOf(ctx),
      reason: failureReason(error),
    })
  })
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const refresh = ctx.oidc.params?.grant_type === 'refresh_token'
    const token = ctx.oidc.entities.AccessToken
    record(ctx, {
      action: refresh ? AuditAction.oidcRefresh : AuditAction.oidcToken,
      outcome: 'success',
      userId: ctx.oidc.account?.accountId ?? token?.accountId,
      ...serviceOf(ctx),
    })
  })
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    const refresh = ctx?.oidc?.params?.grant_type === 'refresh_token'
    record(ctx, {
      action: refresh ? AuditAction.oidcRefresh : AuditAction.oidcToken,
      outcome: 'failure',
      ...serviceOf(ctx),
      reason: failureReason(error),
    })
  })
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.session?.accountId
    // 'Yes, sign me out' ends the Gatehouse session too, and with it the other services'
    // sign-ins; 'No, stay signed in' signs out of the asking service only, as the provider did.
    const everywhere = Boolean(ctx.oidc.params?.logout)
    const asking = ctx.oidc.client
    const ending = consoleSession(db, ctx, cookieName)
      .then(async (console) => {
        if (!console || console.userId !== accountId) return
        const useCase = useCaseOf(ctx)
        if (!everywhere) {
          const serviceId = asking && clientExtras(asking).gatehouse_service_id
          if (serviceId) await forgetSessionService(db, console.id, serviceId)
          return
        }
        const signIns = await signInsOf(useCase, { sessionIds: [console.id] })
        await signOut(useCase, console.userId, console.id)
        app.eventStreams.end([console.id])
        // The provider has just posted a logout token to each service of its own session;
        // those are not sent a second one.
        await app.oidc.endSignIns(signIns, useCase.client, told.get(ctx))
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'oidc logout failed'))
    hold(ctx, ending)
    record(ctx, {
      action: AuditAction.oidcLogout,
      outcome: 'success',
      userId: accountId,
      ...serviceOf(ctx),
      ...(everywhere ? {} : { extra: { gatehouseSession: 'kept' } }),
    })
  })
  provider.on('end_session.error', (ctx: KoaContextWithOIDC, error: unknown) => {
    record(ctx, {
      action: AuditAction.oidcLogout,
      outcome: 'failure',
      ...serviceOf(ctx),
      reason: failureReason(error),
    })
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
  emitter.on(
    'backchannel.success',
    (ctx: KoaContextWithOIDC, client: LogoutClient, accountId: string, sid: string) => {
      remember(ctx, client, sid)
      record(ctx, {
        action: AuditAction.oidcBackchannelLogout,
        outcome: 'success',
        userId: accountId,
        serviceId: clientExtras(client).gatehouse_service_id,
        serviceKey: client.clientId,
      })
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
      app.log.warn(
        { serviceKey: client.clientId, reason: failureReason(error) },
        'oidc back-channel logout failed',
      )
      record(ctx, {
        action: AuditAction.oidcBackchannelLogout,
        outcome: 'failure',
        userId: accountId,
        serviceId: clientExtras(client).gatehouse_service_id,
        serviceKey: client.clientId,
        reason: failureReason(error),
      })
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
