/** Longest reason kept: enough for the provider's messages, not a whole response body. */
const MAX_REASON = 500

interface ProviderError {
  error?: unknown
  error_description?: unknown
  error_detail?: unknown
  message?: unknown
  cause?: unknown
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)

/**
 * Why something failed, in one line for the audit log: the provider's error code, its
 * description and its detail ('invalid_client: client authentication failed (invalid secret
 * provided)'), or an error's message followed by its causes ('fetch failed: hostname resolves
 * to a special-use IP address'), since the outer message alone often says nothing.
 */
export function failureReason(failure: unknown): string {
  const parts: string[] = []
  const seen = new Set<unknown>()
  for (let e = failure; e !== undefined && e !== null && !seen.has(e);) {
    seen.add(e)
    if (typeof e === 'string') parts.push(e)
    if (typeof e !== 'object') break
    const err = e as ProviderError
    const code = text(err.error)
    const description = text(err.error_description)
    const detail = text(err.error_detail)
    if (code) {
      const head = description ? `${code}: ${description}` : code
      parts.push(detail && detail !== description ? `${head} (${detail})` : head)
      // The provider's detail is its cause's message when it has one: said once is enough.
      if (detail) break
    } else {
      const message = text(err.message)
      if (message) parts.push(message)
    }
    e = err.cause
  }
  const reason = parts.filter((part, i) => part !== parts[i - 1]).join(': ')
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON - 1)}…` : reason
}
