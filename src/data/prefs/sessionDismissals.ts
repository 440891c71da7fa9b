// Per browser session (sessionStorage) and per user: a warning put off stays quiet until the
// browser closes, and another person signing in on the same tab still gets theirs. Storage may be
// unavailable (private modes); the warning then simply shows again.

/** Which users put off the warning stored under `key`, and how to add one. */
export function sessionDismissals(key: string) {
  const dismissedUsers = (): string[] => {
    try {
      const stored: unknown = JSON.parse(globalThis.sessionStorage?.getItem(key) ?? '[]')
      return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
    } catch {
      return []
    }
  }
  return {
    isDismissed: (userId: string) => dismissedUsers().includes(userId),
    dismiss: (userId: string) => {
      try {
        const users = dismissedUsers()
        if (!users.includes(userId))
          globalThis.sessionStorage?.setItem(key, JSON.stringify([...users, userId]))
      } catch {
        // See above: nothing to do.
      }
    },
  }
}
