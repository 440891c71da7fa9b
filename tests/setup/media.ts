/**
 * A matchMedia that answers the queries the console asks (min/max-width, prefers-color-scheme)
 * from a viewport the test sets, and tells listeners when it changes, as a browser would.
 */
type Viewport = { width: number; dark: boolean }

const viewport: Viewport = { width: 1280, dark: false }
const lists = new Set<{ query: string; listeners: Set<() => void>; last: boolean }>()

function evaluate(query: string): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const min = /\(min-width:\s*([\d.]+)px\)/.exec(part)
    if (min?.[1]) return viewport.width >= Number(min[1])
    const max = /\(max-width:\s*([\d.]+)px\)/.exec(part)
    if (max?.[1]) return viewport.width <= Number(max[1])
    const scheme = /\(prefers-color-scheme:\s*(dark|light)\)/.exec(part)
    if (scheme?.[1]) return (scheme[1] === 'dark') === viewport.dark
    return false
  })
}

export function matchMedia(query: string): MediaQueryList {
  const entry = { query, listeners: new Set<() => void>(), last: evaluate(query) }
  lists.add(entry)
  return {
    get matches() {
      return evaluate(query)
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => entry.listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => entry.listeners.delete(listener),
    addListener: (listener: () => void) => entry.listeners.add(listener),
    removeListener: (listener: () => void) => entry.listeners.delete(listener),
    dispatchEvent: () => false,
  } as unknown as MediaQueryList
}

/** Resizes the pretend window or flips the colour scheme; listeners whose answer changed hear it. */
export function setViewport(next: Partial<Viewport>): void {
  Object.assign(viewport, next)
  for (const entry of lists) {
    const now = evaluate(entry.query)
    if (now === entry.last) continue
    entry.last = now
    entry.listeners.forEach((listener) => listener())
  }
}

export function resetViewport(): void {
  setViewport({ width: 1280, dark: false })
}
