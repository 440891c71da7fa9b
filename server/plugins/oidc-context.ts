import type { KoaContextWithOIDC } from 'oidc-provider'
import type { Db } from '../db/types'
import type { Client } from '../repos/audit'
import { SERVICE_FIELDS, type TimeoutField, timeoutSeconds } from '../../schema/service-fields'
import { CLIENT_EXTRAS, type ClientService } from '../use-cases/oidc-clients'
import { liveConsoleSession } from '../use-cases/oidc-events'

/** The token of the console session the request's cookie carries, if any. */
export const consoleToken = (ctx: KoaContextWithOIDC, cookieName: string) =>
  ctx.cookies.get(cookieName, { signed: false })

/** The Gatehouse console session the request's cookie names, if it is live. */
export const consoleSession = (db: Db, ctx: KoaContextWithOIDC, cookieName: string) =>
  liveConsoleSession(db, consoleToken(ctx, cookieName))

/** The extra metadata `field` of a provider client, as the provider keeps it (unchecked). */
function extra(client: unknown, field: keyof ClientService): unknown {
  if (typeof client !== 'object' || client === null) return undefined
  return (client as Record<string, unknown>)[CLIENT_EXTRAS[field]]
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
const flag = (value: unknown) => (typeof value === 'boolean' ? value : undefined)
const count = (value: unknown) => (typeof value === 'number' ? value : undefined)

/**
 * What a provider client carries of its service (use-cases/oidc-clients.ts, metadataOf), each
 * field checked for its type; none of it for a missing client.
 */
export function clientService(client: unknown): Partial<ClientService> {
  return {
    id: text(extra(client, 'id')),
    firstParty: flag(extra(client, 'firstParty')),
    accessTokenTimeout: count(extra(client, 'accessTokenTimeout')),
    refreshTokenTimeout: count(extra(client, 'refreshTokenTimeout')),
    requireMfa: flag(extra(client, 'requireMfa')),
  }
}

/**
 * A token lifetime of the client's service in seconds (docs/sso.md, "Lifetimes"): the timeout in
 * its unit, or its default where no client is known (a grant saved outside a provider request).
 */
export const clientLifetime = (client: unknown, field: TimeoutField) =>
  timeoutSeconds(field, clientService(client)[field] ?? SERVICE_FIELDS[field].default)

/** The audit's client (address, browser) of a provider request. */
export const clientOfCtx = (ctx: KoaContextWithOIDC): Client => ({
  ip: ctx.ip,
  userAgent: String(ctx.get('user-agent') ?? '').slice(0, 500),
})
