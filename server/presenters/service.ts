import type { Service } from '../../schema/service'
import type { ServiceRow } from '../db/schema/services'

/** A service as the console stores it (the same fields sync sends); the logo reference stays here. */
export function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    key: row.key,
    name: row.name,
    description: row.description,
    url: row.url,
    accessTokenTimeout: row.accessTokenTimeout,
    refreshTokenTimeout: row.refreshTokenTimeout,
    hasLogo: row.hasLogo,
    deleted: row.deleted,
    redirectUris: row.redirectUris,
    postLogoutRedirectUris: row.postLogoutRedirectUris,
    clientType: row.clientType,
    firstParty: row.firstParty,
    requireMfa: row.requireMfa,
    backchannelLogoutUri: row.backchannelLogoutUri,
  }
}
