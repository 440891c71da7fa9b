const KEY = 'gatehouse.filterDrawer'

// Storage can be unavailable (private modes, blocked cookies); the drawer then starts closed and
// forgets the person's choice at the next visit, which costs nothing but a click.

/** Whether the filter drawer was left open (SPEC.md §4: its open state is persisted locally). */
export function readFilterDrawerOpen(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === 'open'
  } catch {
    return false
  }
}

export function writeFilterDrawerOpen(open: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, open ? 'open' : 'closed')
  } catch {
    // See above: nothing to do.
  }
}
