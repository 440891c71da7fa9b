/**
 * Whether a client that failed at `failures` (oldest first) within the window must wait, and for
 * how long: it may try again once the oldest failures that put it at the limit leave the window.
 */
export function throttleWait(
  failures: readonly Date[],
  now: Date,
  maxFailures: number,
  windowSeconds: number,
): { retryAfterSeconds: number } | undefined {
  if (failures.length < maxFailures) return undefined
  const freeing = failures[failures.length - maxFailures]
  if (!freeing) return undefined
  const waitMs = freeing.getTime() + windowSeconds * 1000 - now.getTime()
  return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
}

export function throttleMessage(retryAfterSeconds: number): string {
  const unit = retryAfterSeconds === 1 ? 'second' : 'seconds'
  return `Too many failed sign-in attempts from this address. Try again in ${retryAfterSeconds} ${unit}.`
}
