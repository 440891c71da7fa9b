/**
 * Page scroll memory (SPEC.md §2, §9): the window's scroll position is kept per key (the history
 * entry's key, else the pathname) in sessionStorage, saved on scroll at most every 5 ms, and put
 * back on non-push navigation (back, forward, reload), retrying up to 50 times at 100 ms while the
 * content is still too short to reach it. Inner scroll containers (the virtualized lists) are not
 * covered.
 */
export const SCROLL_THROTTLE_MS = 5
export const RESTORE_RETRIES = 50
export const RESTORE_INTERVAL_MS = 100
const STORAGE_KEY = 'gatehouse.scroll'

type ScrollWindow = Pick<
  Window,
  | 'addEventListener'
  | 'removeEventListener'
  | 'scrollTo'
  | 'scrollY'
  | 'setTimeout'
  | 'clearTimeout'
>

export type ScrollMemory = {
  /** Puts back the position kept for `key`, retrying while the page is too short. */
  restore: (key: string) => void
  /** Forgets nothing; stops a restore in progress (a new navigation, or the person scrolling). */
  cancelRestore: () => void
  dispose: () => void
}

function read(storage: Storage | undefined): Record<string, number> {
  try {
    return JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

export function createScrollMemory(options: {
  win: ScrollWindow
  storage: Storage | undefined
  currentKey: () => string
}): ScrollMemory {
  const { win, storage, currentKey } = options
  let saveTimer: ReturnType<typeof setTimeout> | undefined
  let pending: { key: string; y: number } | undefined
  let restoreTimer: ReturnType<typeof setTimeout> | undefined
  let restoring = false

  const flush = () => {
    saveTimer = undefined
    if (!pending) return
    const positions = read(storage)
    positions[pending.key] = pending.y
    pending = undefined
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(positions))
    } catch {
      // Storage full or denied: the position is simply not kept.
    }
  }

  const onScroll = () => {
    // Our own scrollTo while restoring would overwrite the target with a clamped position.
    if (restoring) return
    const key = currentKey()
    if (pending && pending.key !== key) flush()
    pending = { key, y: win.scrollY }
    saveTimer ??= win.setTimeout(flush, SCROLL_THROTTLE_MS)
  }

  const cancelRestore = () => {
    if (restoreTimer !== undefined) win.clearTimeout(restoreTimer)
    restoreTimer = undefined
    restoring = false
  }

  const restore = (key: string) => {
    cancelRestore()
    // A save still waiting for this key is the position being replaced (the router's reset to top).
    if (pending?.key === key) pending = undefined
    const target = read(storage)[key]
    if (target === undefined) return
    restoring = true
    let attempts = 0
    const attempt = () => {
      restoreTimer = undefined
      win.scrollTo(0, target)
      attempts += 1
      if (Math.abs(win.scrollY - target) < 1 || attempts > RESTORE_RETRIES) {
        restoring = false
        return
      }
      restoreTimer = win.setTimeout(attempt, RESTORE_INTERVAL_MS)
    }
    attempt()
  }

  // A person taking over the scroll wins over a restore still waiting for content.
  const onUserScroll = () => cancelRestore()

  win.addEventListener('scroll', onScroll, { passive: true })
  win.addEventListener('wheel', onUserScroll, { passive: true })
  win.addEventListener('touchmove', onUserScroll, { passive: true })
  win.addEventListener('keydown', onUserScroll)

  return {
    restore,
    cancelRestore,
    dispose: () => {
      cancelRestore()
      if (saveTimer !== undefined) win.clearTimeout(saveTimer)
      flush()
      win.removeEventListener('scroll', onScroll)
      win.removeEventListener('wheel', onUserScroll)
      win.removeEventListener('touchmove', onUserScroll)
      win.removeEventListener('keydown', onUserScroll)
    },
  }
}

type RouterLike = {
  history: {
    location: { pathname: string; state: { __TSR_key?: string; key?: string } }
    subscribe: (listener: (event: { action: { type: string } }) => void) => () => void
  }
  subscribe: (
    event: 'onRendered',
    listener: (event: { toLocation: RouterLike['history']['location'] }) => void,
  ) => () => void
}

/** The key a history entry's scroll position is kept under. */
export const scrollKey = (location: RouterLike['history']['location']): string =>
  location.state.__TSR_key ?? location.state.key ?? location.pathname

/**
 * Wires scroll memory to the router: restores at install (a reload or a return to the tab) and
 * after every back/forward once the new screen has rendered; pushes and replaces start at the top
 * (the router scrolls there).
 */
export function installScrollMemory(router: RouterLike): () => void {
  let storage: Storage | undefined
  try {
    storage = sessionStorage
  } catch {
    storage = undefined
  }
  const memory = createScrollMemory({
    win: window,
    storage,
    currentKey: () => scrollKey(router.history.location),
  })
  let restoreAfterRender = false
  const offHistory = router.history.subscribe(({ action }) => {
    clearTimeout(deferred)
    memory.cancelRestore()
    restoreAfterRender = action.type !== 'PUSH' && action.type !== 'REPLACE'
  })
  let deferred: ReturnType<typeof setTimeout> | undefined
  const offRendered = router.subscribe('onRendered', (event) => {
    if (!restoreAfterRender) return
    const key = scrollKey(router.history.location)
    // A render still finishing the navigation before the back/forward: wait for the right screen.
    if (scrollKey(event.toLocation) !== key) return
    restoreAfterRender = false
    // After the router's own scroll to the top for this render, which would undo the restore.
    clearTimeout(deferred)
    deferred = setTimeout(() => memory.restore(key), 0)
  })
  memory.restore(scrollKey(router.history.location))
  return () => {
    clearTimeout(deferred)
    offHistory()
    offRendered()
    memory.dispose()
  }
}
