import { readIds, storedText } from './storedText'

// Which tree items are open, for the browser session (sessionStorage): leaving /attributes and
// coming back, or reloading, finds the tree as it was left. Without storage the tree simply starts
// closed.
const openItems = storedText('gatehouse.attributeTreeOpen', 'sessionStorage')

/** The association ids left open in this browser session. */
export function readOpenItems(): string[] {
  return readIds(openItems.read())
}

export function writeOpenItems(ids: readonly string[]): void {
  openItems.write(JSON.stringify(ids))
}
