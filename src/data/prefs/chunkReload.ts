/**
 * The chunk-reload guard (SPEC.md §4 'Chunk-load failure', §9): when a lazily loaded part of the
 * console cannot be fetched (usually a newer deployment replaced its file), the page reloads after
 * 2 seconds, at most once per 10-second window. The time of the last reload is kept in
 * sessionStorage, so the window holds across the reload itself.
 */

export const CHUNK_RELOAD_DELAY_MS = 2_000
export const CHUNK_RELOAD_WINDOW_MS = 10_000
export const CHUNK_RELOAD_KEY = 'gatehouse.chunkReloadAt'

const CHUNK_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite: the stylesheet of a lazy chunk
]

/** Whether an error is a failed load of a code chunk (Vite's dynamic import, or webpack's name). */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  if (name === 'ChunkLoadError') return true
  return typeof message === 'string' && CHUNK_MESSAGES.some((m) => message.includes(m))
}

/** Whether a reload is allowed now, given the last one (ms since the epoch, or none). */
export function mayReload(now: number, lastReload: number | null): boolean {
  return lastReload === null || now < lastReload || now - lastReload >= CHUNK_RELOAD_WINDOW_MS
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

function sessionStore(): StorageLike | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined // blocked storage: no memory, so at most the one reload of this page
  }
}

export function readLastReload(storage: StorageLike | undefined = sessionStore()): number | null {
  try {
    const value = Number(storage?.getItem(CHUNK_RELOAD_KEY) ?? Number.NaN)
    return Number.isFinite(value) ? value : null
  } catch {
    return null
  }
}

/** Remembers that the page reloads now for a chunk-load failure (the window starts). */
export function writeLastReload(at: number, storage: StorageLike | undefined = sessionStore()): void {
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, String(at))
  } catch {
    // See sessionStore().
  }
}

/**
 * TanStack Router's own rule (`lazyRouteComponent` in @tanstack/react-router): a route component
 * whose module cannot be fetched reloads the page at once, once per browser session for each
 * error message, remembered in sessionStorage under this prefix and the message.
 */
export const ROUTER_RELOAD_PREFIX = 'tanstack_router_reload:'

/**
 * Leaves the decision to our guard: marks TanStack's once-per-session reload for this failure as
 * spent, so that its lazy component throws the error to the route's error component (the
 * ChunkFailure view, which reloads after 2 s at most once per 10 s) instead of reloading at once.
 */
export function yieldRouterReload(error: unknown, storage = sessionStore()): void {
  if (!isChunkLoadError(error)) return
  const { message } = error as { message?: unknown }
  if (typeof message !== 'string') return
  try {
    storage?.setItem(`${ROUTER_RELOAD_PREFIX}${message}`, '1')
  } catch {
    // See sessionStore(): without storage TanStack cannot remember its reload either.
  }
}

/** Vite's event for a lazy import that failed, fired before the router renders the failure. */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError'

/**
 * Listens for Vite's `vite:preloadError` (built console: every lazy route's import goes through
 * Vite's preload helper, which fires it on failure, before the error reaches the router) and
 * yields TanStack's reload for it. Returns the uninstall.
 */
export function claimChunkReloads(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = globalThis,
  storage: StorageLike | undefined = sessionStore(),
): () => void {
  const listener = (event: Event) => yieldRouterReload((event as { payload?: unknown }).payload, storage)
  target.addEventListener(PRELOAD_ERROR_EVENT, listener)
  return () => target.removeEventListener(PRELOAD_ERROR_EVENT, listener)
}
