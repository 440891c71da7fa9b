import { storedText } from './storedText'

// Without storage the drawer starts closed and forgets the person's choice at the next visit,
// which costs nothing but a click.
const drawer = storedText('gatehouse.filterDrawer')

/** Whether the filter drawer was left open (SPEC.md §4: its open state is persisted locally). */
export function readFilterDrawerOpen(): boolean {
  return drawer.read() === 'open'
}

export function writeFilterDrawerOpen(open: boolean): void {
  drawer.write(open ? 'open' : 'closed')
}
