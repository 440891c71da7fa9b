import type { ApiToken } from '../../../../schema/access'
import { failed, succeeded } from '../../../kit/machines/notification.messages'

export type TokenStatus = 'active' | 'expired' | 'revoked'

/** Revoked wins over expired: a revoked token stays revoked whatever its date. */
export function tokenStatus(token: ApiToken, now: number): TokenStatus {
  if (token.revokedAt !== null) return 'revoked'
  return Date.parse(token.expiresAt) <= now ? 'expired' : 'active'
}

/** The confirmation Revoke asks first. */
export const revokeWords = (token: ApiToken) => ({
  title: `Revoke “${token.name}”?`,
  text: 'Scripts using this token are refused at once. This cannot be undone.',
  action: 'Revoke token',
})

export const revokedNotice = (token: ApiToken) =>
  succeeded(`The token “${token.name}” was revoked.`)
export const notRevokedNotice = (token: ApiToken, reason: string | null) =>
  failed(`The token “${token.name}” was not revoked`, reason)
