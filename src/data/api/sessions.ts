import { call, http } from './client'

/**
 * Ends a sign-on session (permission sessions.revoke). Revoking the caller's own session signs the
 * caller out: the next authenticated call answers 401 and the client reports the expiry.
 */
export function revokeSession(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
  return call(() => http.delete(`session/${encodeURIComponent(id)}`, { signal }))
}
