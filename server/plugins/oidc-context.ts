import type { KoaContextWithOIDC } from 'oidc-provider'
import type { Db } from '../db/types'
import type { Client } from '../repos/audit'
import type { GatehouseClientExtras } from '../use-cases/oidc-clients'
import { liveConsoleSession } from '../use-cases/oidc-events'

/** The token of the console session the request's cookie carries, if any. */
export const consoleToken = (ctx: KoaContextWithOIDC, cookieName: string) =>
  ctx.cookies.get(cookieName, { signed: false })

/** The Gatehouse console session the request's cookie names, if it is live. */
export const consoleSession = (db: Db, ctx: KoaContextWithOIDC, cookieName: string) =>
  liveConsoleSession(db, consoleToken(ctx, cookieName))

const extrasOf = (client: unknown) => client as Partial<Record<string, unknown>> & object

/** What a provider client carries of its service (use-cases/oidc-clients.ts, metadataOf). */
export function clientExtras(client: unknown): Partial<GatehouseClientExtras> {
  const c = extrasOf(client)
  return {
    gatehouse_service_id: c['gatehouse_service_id'] as string | undefined,
    gatehouse_first_party: c['gatehouse_first_party'] as boolean | undefined,
    gatehouse_access_token_hours: c['gatehouse_access_token_hours'] as number | undefined,
    gatehouse_refresh_token_days: c['gatehouse_refresh_token_days'] as number | undefined,
    gatehouse_require_mfa: c['gatehouse_require_mfa'] as boolean | undefined,
  }
}

/** The audit's client (address, browser) of a provider request. */
export const clientOfCtx = (ctx: KoaContextWithOIDC): Client => ({
  ip: ctx.ip,
  userAgent: String(ctx.get('user-agent') ?? '').slice(0, 500),
})
