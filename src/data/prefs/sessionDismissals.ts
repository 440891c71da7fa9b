import { readIds, storedText } from './storedText'

// Per browser session (sessionStorage) and per user: a warning put off stays quiet until the
// browser closes, and another person signing in on the same tab still gets theirs. Without storage
// the warning simply shows again.

/** Which users put off the warning stored under `key`, and how to add one. */
export function sessionDismissals(key: string) {
  const stored = storedText(key, 'sessionStorage')
  const dismissedUsers = () => readIds(stored.read())
  return {
    isDismissed: (userId: string) => dismissedUsers().includes(userId),
    dismiss: (userId: string) => {
      const users = dismissedUsers()
      if (!users.includes(userId)) stored.write(JSON.stringify([...users, userId]))
    },
  }
}
