const KEY = 'gatehouse.mfaGraceDismissed'

// Per browser session (sessionStorage) and per user, as the password-expiry warning
// (passwordExpiry.ts): 'Later' or 'Set up now' quiets the second-factor warning until the browser
// closes; another person signing in on the same tab still gets theirs. Without storage (private
// modes) the warning simply shows again at the next sign-in.

function dismissedUsers(): string[] {
  try {
    const stored: unknown = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Whether this user already put the second-factor warning off in this browser session. */
export function isMfaGraceDismissed(userId: string): boolean {
  return dismissedUsers().includes(userId)
}

export function dismissMfaGrace(userId: string): void {
  try {
    const users = dismissedUsers()
    if (!users.includes(userId)) {
      globalThis.sessionStorage?.setItem(KEY, JSON.stringify([...users, userId]))
    }
  } catch {
    // See above: nothing to do.
  }
}
