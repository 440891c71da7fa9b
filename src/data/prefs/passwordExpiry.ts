const KEY = 'gatehouse.passwordExpiryDismissed'

// Per browser session (sessionStorage) and per user: 'Later' quiets the warning until the browser
// closes, and another person signing in on the same tab still gets theirs. Storage may be
// unavailable (private modes); the warning then simply shows again.

function dismissedUsers(): string[] {
  try {
    const stored: unknown = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Whether this user already put the password-expiry warning off in this browser session. */
export function isExpiryWarningDismissed(userId: string): boolean {
  return dismissedUsers().includes(userId)
}

export function dismissExpiryWarning(userId: string): void {
  try {
    const users = dismissedUsers()
    if (!users.includes(userId)) {
      globalThis.sessionStorage?.setItem(KEY, JSON.stringify([...users, userId]))
    }
  } catch {
    // See above: nothing to do.
  }
}
