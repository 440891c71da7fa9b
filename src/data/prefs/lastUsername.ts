const KEY = 'gatehouse.lastUsername'

// Storage can be unavailable (private modes, blocked cookies); the prefill is a convenience, never a
// reason to fail a sign-in.

/** The username that last signed in on this browser, for the login form's prefill. */
export function readLastUsername(): string {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

export function writeLastUsername(username: string): void {
  try {
    globalThis.localStorage?.setItem(KEY, username)
  } catch {
    // See above: nothing to do.
  }
}
