import { parentPath } from './navigation'

export type BackAction =
  { kind: 'none' } | { kind: 'up'; to: string } | { kind: 'back'; to: string }

export type BackArrowInput = {
  pathname: string
  /** The mobile layout (below md 960 px, MEDIA.desktop not matching): the arrow always goes up. */
  small: boolean
  /** This entry was reached by an in-app navigation, so one step back stays inside the console. */
  inAppHistory: boolean
}

/**
 * SPEC.md §2 page-header back arrow. It shows only below a top-level screen (more than one path
 * segment). On small screens, or with nothing in the app to go back to (opened directly), it goes up
 * one segment; otherwise one step back in history. `to` is the parent path either way, so the arrow
 * stays a real link.
 */
export function backAction({ pathname, small, inAppHistory }: BackArrowInput): BackAction {
  const to = parentPath(pathname)
  if (!to) return { kind: 'none' }
  return small || !inAppHistory ? { kind: 'up', to } : { kind: 'back', to }
}

type EntryHistory = {
  location: { state: { __TSR_key?: string; key?: string } }
  subscribe: (listener: (event: { action: { type: string } }) => void) => () => void
}

const STORAGE_KEY = 'gatehouse.inAppEntries'
const entryKey = (history: EntryHistory) =>
  history.location.state.__TSR_key ?? history.location.state.key

function readEntries(storage: Storage | undefined): Set<string> {
  try {
    return new Set(JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]') as string[])
  } catch {
    return new Set()
  }
}

const session = (): Storage | undefined => {
  try {
    return sessionStorage
  } catch {
    return undefined
  }
}

/**
 * Remembers (for the tab's session) which history entries the console itself pushed, so that the
 * back arrow knows whether one step back stays in the app. Returns the unsubscribe.
 */
export function trackInAppEntries(history: EntryHistory, storage = session()): () => void {
  return history.subscribe(({ action }) => {
    const key = entryKey(history)
    if (action.type !== 'PUSH' || !key) return
    const entries = readEntries(storage)
    entries.add(key)
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify([...entries].slice(-200)))
    } catch {
      // Storage full or denied: the arrow then goes up, which is always safe.
    }
  })
}

/** Whether the history entry on show was pushed by the console (see trackInAppEntries). */
export function isInAppEntry(history: EntryHistory, storage = session()): boolean {
  const key = entryKey(history)
  return !!key && readEntries(storage).has(key)
}
