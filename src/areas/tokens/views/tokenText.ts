import type { ApiToken } from '../../../../schema/access'
import { permissionLabel } from '../../../../schema/permission-text'
import type { TokenStatus } from '../machines/tokenList.messages'

/** What a token carries, in words: its roles, then its direct permissions ('Auditor, View Logs'). */
export function carriesWords(token: Pick<ApiToken, 'roles' | 'permissions'>): string {
  const words = [...token.roles.map((r) => r.name), ...token.permissions.map(permissionLabel)]
  return words.length ? words.join(', ') : 'Nothing'
}

export const STATUS_WORDS: Record<TokenStatus, { label: string; color: 'green' | 'gray' | 'red' }> =
  {
    active: { label: 'Active', color: 'green' },
    expired: { label: 'Expired', color: 'gray' },
    revoked: { label: 'Revoked', color: 'red' },
  }
