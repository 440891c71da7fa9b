import type { TokenListSnapshot } from './tokenList.machine'
import { tokenStatus } from './tokenList.messages'

/** The API tokens list: what its view reads of the machine (tags, context, can, state). */
export const selectTokens = (s: TokenListSnapshot) => s.context.tokens
export const selectLoading = (s: TokenListSnapshot) => s.matches('loading')
export const selectUnavailable = (s: TokenListSnapshot) => s.matches('unavailable')
export const selectReadError = (s: TokenListSnapshot) =>
  s.matches('unavailable') ? s.context.error : null
export const selectRevoking = (s: TokenListSnapshot) => s.context.revoking
/** Revoke is on only while nothing else runs. */
export const selectCanRevoke = (s: TokenListSnapshot) => s.matches('ready')
/** Each token's status, as of the list's read ('active', 'expired', 'revoked'), by id. */
export const selectStatuses = (s: TokenListSnapshot) =>
  Object.fromEntries(s.context.tokens.map((t) => [t.id, tokenStatus(t, s.context.readAt)]))
