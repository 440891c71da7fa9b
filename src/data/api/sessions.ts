import Type from 'typebox'
import { call, callFor, http } from './client'

/**
 * Ends a sign-on session (permission sessions.revoke). Revoking the caller's own session signs the
 * caller out: the next authenticated call answers 401 and the client reports the expiry.
 */
export function revokeSession(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
  return call(() => http.delete(`session/${encodeURIComponent(id)}`, { signal }))
}

const RevokedCount = Type.Object({ count: Type.Integer({ minimum: 0 }) })

/** Ends every session of one user (sessions.revoke); answers how many there were. */
export async function revokeUserSessions(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  const results = await callFor(RevokedCount, () =>
    http.delete(`user/${encodeURIComponent(userId)}/sessions`, { signal }),
  )
  return results.count
}
