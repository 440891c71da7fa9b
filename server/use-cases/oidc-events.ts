import type { Db } from '../db/types'
import { isSessionExpired } from '../domain/session-times'
import { hashToken } from '../domain/tokens'
import { AuditAction, type Client } from '../repos/audit'
import { destroyOidcModel, revokeOidcGrant } from '../repos/oidc-models'
import { forgetSessionService, type SignedInService } from '../repos/session-services'
import { findSessionByTokenHash } from '../repos/sessions'
import type { UseCaseContext } from './context'
import { type OidcAction, type OidcEvent, recordOidcEvent } from './oidc-clients'
import { recordServiceSignIn, signInsOf } from './oidc-interaction'
import { signOut } from './sessions'

/*
 * What the provider's events (plugins/oidc-events.ts) leave behind: audit rows, the service sign-ins
 * of console sessions, and the sign-outs they start (docs/sso.md, "Audit"). The plugin reads the
 * facts off the provider's request; these decide what is written.
 */

/** Who an event was about, and which service: its id when it is a client, and the key asked by. */
export interface EventAbout {
  userId?: string
  serviceId?: string
  serviceKey?: string
}

/** One service session (service key and sid): a back-channel logout is sent once per key. */
export const serviceSessionKey = (serviceKey: string, sid: string) => `${serviceKey} ${sid}`

/** The Gatehouse console session a cookie's token names, if it is live. */
export async function liveConsoleSession(db: Db, token: string | undefined) {
  if (!token) return undefined
  const session = await findSessionByTokenHash(db, hashToken(token))
  if (!session || isSessionExpired(session, new Date())) return undefined
  return session
}

/**
 * One audit row for a provider event: a success when `failure` (the reason) is undefined, else a
 * failure for that reason.
 */
async function recordAbout(
  db: Db,
  client: Client,
  action: OidcAction,
  about: EventAbout & Pick<OidcEvent, 'extra'>,
  failure: string | undefined,
) {
  const outcome = failure === undefined ? 'success' : 'failure'
  await recordOidcEvent(db, client, { action, ...about, outcome, reason: failure })
}

/** The provider refused an authorization request (its successes are recordProviderSignIn's). */
export const recordAuthorizeRefused = (
  db: Db,
  client: Client,
  about: EventAbout,
  failure: string,
) => recordAbout(db, client, AuditAction.oidcAuthorize, about, failure)

/** The token endpoint answered a code (oidc.token) or a refresh token (oidc.refresh). */
export const recordTokenGrant = (
  db: Db,
  client: Client,
  { refresh, ...about }: EventAbout & { refresh: boolean },
  failure?: string,
) =>
  recordAbout(db, client, refresh ? AuditAction.oidcRefresh : AuditAction.oidcToken, about, failure)

/** The provider's logout ended (or refused) its session; `kept` when the console session stays. */
export const recordProviderLogout = (
  db: Db,
  client: Client,
  { kept, ...about }: EventAbout & { kept?: boolean },
  failure?: string,
) =>
  recordAbout(
    db,
    client,
    AuditAction.oidcLogout,
    { ...about, ...(kept ? { extra: { gatehouseSession: 'kept' } } : {}) },
    failure,
  )

/** A logout token was posted to a service (back-channel), or the post failed. */
export const recordBackchannelLogout = (
  db: Db,
  client: Client,
  about: EventAbout,
  failure?: string,
) => recordAbout(db, client, AuditAction.oidcBackchannelLogout, about, failure)

/**
 * The provider issued a code: the sign-in is recorded, with the console session of `token` when
 * that is the same user's (the Sessions list and revocation go by it).
 */
export async function recordProviderSignIn(
  ctx: UseCaseContext,
  token: string | undefined,
  sign: { userId: string; clientId: string; grantId: string; sid: string },
) {
  const session = await liveConsoleSession(ctx.db, token)
  await recordServiceSignIn(ctx, {
    sessionId: session?.userId === sign.userId ? session.id : undefined,
    ...sign,
  })
}

/**
 * The provider signed `userId` out of its session. With `everywhere` ('Yes, sign me out') the
 * console session of `token` ends too, and the answer names it and the sign-ins that went with it,
 * for the caller to end; otherwise only the asking service's sign-in is forgotten.
 */
export async function providerLogout(
  ctx: UseCaseContext,
  token: string | undefined,
  ask: { userId?: string; everywhere: boolean; serviceId?: string },
): Promise<{ sessionId: string; signIns: SignedInService[] } | undefined> {
  const session = await liveConsoleSession(ctx.db, token)
  if (!session || session.userId !== ask.userId) return undefined
  if (!ask.everywhere) {
    if (ask.serviceId) await forgetSessionService(ctx.db, session.id, ask.serviceId)
    return undefined
  }
  const signIns = await signInsOf(ctx, { sessionIds: [session.id] })
  await signOut(ctx, session.userId, session.id)
  return { sessionId: session.id, signIns }
}

/**
 * Tells a service that one of its sign-ins ended (back-channel): undefined when the service is no
 * client any more (nothing was sent), else whether the post failed and why.
 */
export type TellService = (signIn: SignedInService) => Promise<{ failure?: string } | undefined>

/**
 * Revokes these sign-ins' grants (tokens and codes) and tells the services, once per service
 * session: `told` names the ones already told (serviceSessionKey). Each post is audited; one
 * service's failure stops no other.
 */
export async function endServiceSignIns(
  db: Db,
  client: Client,
  signIns: SignedInService[],
  told: ReadonlySet<string>,
  tell: TellService,
) {
  const telling = new Set(told)
  for (const signIn of signIns) {
    await revokeOidcGrant(db, signIn.grantId)
    await destroyOidcModel(db, 'Grant', signIn.grantId)
    if (!signIn.backchannelLogoutUri) continue
    const key = serviceSessionKey(signIn.serviceKey, signIn.sid)
    if (telling.has(key)) continue
    telling.add(key)
    const answer = await tell(signIn)
    if (!answer) continue
    const { userId, serviceId, serviceKey } = signIn
    await recordBackchannelLogout(db, client, { userId, serviceId, serviceKey }, answer.failure)
  }
}
