import { ErrorCode } from '../../schema/errors'
import { passwordExpiresAt } from '../domain/password-policy'
import { ApiError } from '../errors'
import { AuditAction } from '../repos/audit'
import {
  recordSessionService,
  servicesOfSessions,
  type SignedInService,
} from '../repos/session-services'
import { findServiceByKey } from '../repos/services'
import { assertNotDisabled, assertNotLocked } from './account-lock'
import { acrOf } from '../domain/second-factors'
import type { UseCaseContext } from './context'
import { hasSecondFactor } from './mfa-policy'
import { recordOidcEvent } from './oidc-clients'
import type { Auth } from './session-resume'

/** Days before expiry from which the sign-in shows the password-expiry warning (SPEC.md). */
export const EXPIRY_WARNING_DAYS = 14

/** What the interaction asks, as the provider's details give it. */
export interface InteractionAsk {
  clientId: string
  /** prompt=login was asked, or max_age is older than the console session. */
  freshSignIn: boolean
  /** When the interaction began (seconds): a fresh sign-in must be a session opened after it. */
  startedAt: number
  /** max_age in seconds, when the service asked for one. */
  maxAge?: number
  /** The service asked acr_values=mfa: the sign-in must have used a second factor. */
  mfaAsked?: boolean
}

export type LoginDecision =
  LoginAccepted | { refused: 'unmet_authentication_requirements'; description: string }

export interface LoginAccepted {
  refused?: undefined
  accountId: string
  /** How the console session was signed in (RFC 8176), and `mfa` or `pwd` as acr. */
  amr: string[]
  acr: 'mfa' | 'pwd'
  /** When the user signed in (seconds): the session's creation, the id token's auth_time. */
  ts: number
  /** Days until the password expires, when under EXPIRY_WARNING_DAYS. */
  expiresInDays?: number
}

const mustSignIn = () =>
  new ApiError(ErrorCode.notSignedIn, 'Sign in to continue to the service.', 401)

/**
 * May this console session sign its user into the service (SSO)? A fresh sign-in (prompt=login, or
 * a max_age the session is older than) needs a session opened after the interaction began. The
 * account must not be locked or disabled (802, 808, 823 as at sign-in) and its password must not
 * need changing (the console's must-change flow first).
 */
export async function decideLogin(
  ctx: UseCaseContext,
  auth: Auth | null,
  ask: InteractionAsk,
): Promise<LoginDecision> {
  if (!auth) throw mustSignIn()
  const openedAt = Math.floor(auth.session.createdAt.getTime() / 1000)
  const now = Math.floor(Date.now() / 1000)
  if (ask.freshSignIn && openedAt < ask.startedAt) throw mustSignIn()
  if (ask.maxAge !== undefined && now - openedAt > ask.maxAge) throw mustSignIn()
  const { user } = auth
  const service = await findServiceByKey(ctx.db, ask.clientId)
  const detail = { serviceId: service?.id ?? null, serviceKey: ask.clientId }
  await assertNotLocked(ctx, user, AuditAction.oidcAuthorize, { detail })
  await assertNotDisabled(ctx, user, AuditAction.oidcAuthorize, detail)
  const expires = passwordExpiresAt(user.passwordChangedAt, ctx.config.passwordMaxAgeDays)
  if (user.mustChangePassword || expires.getTime() <= Date.now()) {
    await recordOidcEvent(ctx.db, ctx.client, {
      action: AuditAction.oidcAuthorize,
      outcome: 'failure',
      userId: user.id,
      serviceId: service?.id,
      serviceKey: ask.clientId,
      reason: 'must change password',
    })
    throw new ApiError(ErrorCode.forbidden, 'Change your password before you continue.', 403)
  }
  const amr = auth.session.amr
  if ((ask.mfaAsked || service?.requireMfa) && !amr.includes('mfa')) {
    const base = { action: AuditAction.oidcAuthorize, outcome: 'failure' as const, userId: user.id }
    const about = { serviceId: service?.id, serviceKey: ask.clientId }
    // With a factor, the user signs in again with it; without one, the service hears why not.
    if (hasSecondFactor(user)) {
      await recordOidcEvent(ctx.db, ctx.client, {
        ...base,
        ...about,
        reason: 'second factor needed',
      })
      throw new ApiError(
        ErrorCode.notSignedIn,
        'This service needs a second factor: sign in again with it to continue.',
        401,
      )
    }
    await recordOidcEvent(ctx.db, ctx.client, { ...base, ...about, reason: 'no second factor' })
    return {
      refused: 'unmet_authentication_requirements',
      description: 'The service requires a second factor, and the user has none set up.',
    }
  }
  const days = Math.ceil((expires.getTime() - Date.now()) / 86_400_000)
  return {
    accountId: user.id,
    amr,
    acr: acrOf(amr),
    ts: openedAt,
    ...(days < EXPIRY_WARNING_DAYS ? { expiresInDays: days } : {}),
  }
}

/** The user consented (or a first-party service needed no consent): audited. */
export async function recordConsent(
  ctx: UseCaseContext,
  userId: string,
  clientId: string,
  scopes: string[],
  outcome: 'success' | 'failure',
) {
  const service = await findServiceByKey(ctx.db, clientId)
  await recordOidcEvent(ctx.db, ctx.client, {
    action: AuditAction.oidcConsent,
    outcome,
    userId,
    serviceId: service?.id,
    serviceKey: clientId,
    ...(outcome === 'failure' ? { reason: 'access denied by the user' } : {}),
    extra: { scopes },
  })
}

/**
 * A user signed in to a service (the provider issued an authorization code): audited as
 * oidc.authorize, and remembered with the console session for the Sessions list and revocation.
 */
export async function recordServiceSignIn(
  ctx: UseCaseContext,
  sign: { sessionId?: string; userId: string; clientId: string; grantId: string; sid: string },
) {
  const service = await findServiceByKey(ctx.db, sign.clientId)
  await ctx.db.transaction(async (tx) => {
    if (service && sign.sessionId) {
      await recordSessionService(tx, {
        sessionId: sign.sessionId,
        serviceId: service.id,
        grantId: sign.grantId,
        sid: sign.sid,
        userId: sign.userId,
      })
    }
    await recordOidcEvent(tx, ctx.client, {
      action: AuditAction.oidcAuthorize,
      outcome: 'success',
      userId: sign.userId,
      serviceId: service?.id,
      serviceKey: sign.clientId,
    })
  })
}

/** The service an interaction is for (the provider found it, so it exists and is not deleted). */
export async function interactionService(ctx: UseCaseContext, clientId: string) {
  const service = await findServiceByKey(ctx.db, clientId)
  if (!service || service.deleted) {
    throw new ApiError(ErrorCode.notFound, 'The service of this sign-in is no longer registered.')
  }
  return service
}

/**
 * The services these console sessions (or all of a user's) signed into: read before the sessions
 * end (their rows go with them), so that the caller can revoke the grants and notify the services.
 */
export async function signInsOf(
  ctx: UseCaseContext,
  of: { sessionIds: string[] } | { userId: string },
): Promise<SignedInService[]> {
  return servicesOfSessions(ctx.db, of)
}
