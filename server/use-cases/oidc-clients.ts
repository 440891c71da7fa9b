import { createHash, timingSafeEqual } from 'node:crypto'
import type { ServiceRow } from '../db/schema/services'
import type { UserRow } from '../db/schema/users'
import type { Db } from '../db/types'
import { type AuditAction, type Client, recordAudit } from '../repos/audit'
import { liveServiceSecrets } from '../repos/service-secrets'
import { findServiceByKey } from '../repos/services'
import { findGroupsByIds, userAssignments, userGroupIds } from '../repos/access'
import { findUserById } from '../repos/users'

/** The scope that asks for the user's type and permissions; only first-party services get it. */
export const PERMISSIONS_SCOPE = 'gatehouse:permissions'
/** The scope that asks for the user's roles and groups (docs/access.md); first-party only too. */
export const ROLES_SCOPE = 'gatehouse:roles'

/**
 * The service fields a provider client carries besides the standard metadata, each under its
 * metadata name (the provider's extraClientMetadata); plugins/oidc-context.ts reads them back.
 */
export const CLIENT_EXTRAS = {
  id: 'gatehouse_service_id',
  firstParty: 'gatehouse_first_party',
  accessTokenTimeout: 'gatehouse_access_token_timeout',
  refreshTokenTimeout: 'gatehouse_refresh_token_timeout',
  requireMfa: 'gatehouse_require_mfa',
} as const satisfies Partial<Record<keyof ServiceRow, `gatehouse_${string}`>>

/** What a provider client knows of its service. */
export type ClientService = Pick<ServiceRow, keyof typeof CLIENT_EXTRAS>

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

/**
 * The client metadata of the service with this key (client_id = key), read from the database on
 * every lookup: a deleted service, or one without a redirect URI, is no client at all.
 */
export async function clientMetadata(db: Db, key: string) {
  const service = await findServiceByKey(db, key)
  if (!service || service.deleted || service.redirectUris.length === 0) return undefined
  return metadataOf(service)
}

export function metadataOf(service: ServiceRow) {
  const confidential = service.clientType === 'confidential'
  const fields = Object.keys(CLIENT_EXTRAS) as (keyof ClientService)[]
  const extras = Object.fromEntries(fields.map((field) => [CLIENT_EXTRAS[field], service[field]]))
  return {
    client_id: service.key,
    client_name: service.name,
    ...(service.url ? { client_uri: service.url } : {}),
    redirect_uris: service.redirectUris,
    post_logout_redirect_uris: service.postLogoutRedirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    // The provider wants a secret in the metadata of a confidential client; this one is never
    // compared: compareClientSecret is replaced by clientSecretMatches (docs/sso.md, "Secrets").
    ...(confidential ? { client_secret: `hashed:${service.id}` } : {}),
    ...(service.backchannelLogoutUri
      ? {
          backchannel_logout_uri: service.backchannelLogoutUri,
          backchannel_logout_session_required: true,
        }
      : {}),
    ...extras,
  }
}

/** True when `secret` is one of the live (unexpired) secrets of the service with this key. */
export async function clientSecretMatches(db: Db, key: string, secret: string): Promise<boolean> {
  const service = await findServiceByKey(db, key)
  if (!service || service.deleted || service.clientType !== 'confidential') return false
  const given = Buffer.from(hashSecret(secret))
  let matches = false
  for (const row of await liveServiceSecrets(db, service.id)) {
    const stored = Buffer.from(row.hash)
    // Every live secret is compared, so the time taken does not tell which one matched.
    if (stored.length === given.length && timingSafeEqual(stored, given)) matches = true
  }
  return matches
}

/** The user a token names, if it may still be used: not disabled. */
export async function oidcAccount(db: Db, userId: string): Promise<UserRow | undefined> {
  const user = await findUserById(db, userId)
  return user && !user.disabledAt ? user : undefined
}

/** The claims of a user with their roles and groups (gatehouse:roles), read when asked. */
export async function accountClaimsWithAccess(db: Db, user: UserRow) {
  const [assignments, groupIds] = await Promise.all([
    userAssignments(db, user.id),
    userGroupIds(db, user.id),
  ])
  const groups = await findGroupsByIds(db, groupIds)
  return {
    ...accountClaims(user),
    gatehouse_roles: assignments.map((a) =>
      a.groupName ? `${a.roleName} for ${a.groupName}` : a.roleName,
    ),
    gatehouse_groups: groups.map((g) => g.name).sort(),
  }
}

/** The claims of a user, per scope (docs/sso.md, "Claims"). */
export function accountClaims(user: UserRow) {
  return {
    sub: user.id,
    email: user.email,
    email_verified: true,
    name: `${user.nameFirst} ${user.nameLast}`.trim(),
    given_name: user.nameFirst,
    family_name: user.nameLast,
    ...(user.phone ? { phone_number: user.phone } : {}),
    gatehouse_user_type: user.type,
    gatehouse_permissions: user.permissions,
  }
}

export type OidcAction =
  | typeof AuditAction.oidcAuthorize
  | typeof AuditAction.oidcToken
  | typeof AuditAction.oidcRefresh
  | typeof AuditAction.oidcLogout
  | typeof AuditAction.oidcBackchannelLogout
  | typeof AuditAction.oidcConsent

export interface OidcEvent {
  action: OidcAction
  outcome: 'success' | 'failure'
  userId?: string
  serviceId?: string
  serviceKey?: string
  reason?: string
  extra?: Record<string, unknown>
}

/** One audit row for something the provider did or refused (docs/sso.md, "Audit"). */
export async function recordOidcEvent(db: Db, client: Client, event: OidcEvent) {
  await recordAudit(db, client, {
    action: event.action,
    outcome: event.outcome,
    actorUserId: event.userId ?? null,
    subjectUserId: event.userId ?? null,
    detail: {
      serviceId: event.serviceId ?? null,
      serviceKey: event.serviceKey ?? null,
      ...(event.reason ? { reason: event.reason } : {}),
      ...event.extra,
    },
  })
}
