const KEY = 'gatehouse.attributeTreeOpen'

// Which tree items are open, for the browser session (sessionStorage): leaving /attributes and
// coming back, or reloading, finds the tree as it was left. Storage may be unavailable (private
// modes); the tree then simply starts closed.

/** The association ids left open in this browser session. */
export function readOpenItems(): string[] {
  try {
    const stored: unknown = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

export function writeOpenItems(ids: readonly string[]): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(ids))
  } catch {
    // See above: nothing to do.
  }
}
