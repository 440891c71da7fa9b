import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CHUNK_RELOAD_DELAY_MS,
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  isChunkLoadError,
  mayReload,
  ROUTER_RELOAD_PREFIX,
  scheduleChunkReload,
  yieldRouterReload,
} from '../../src/data/prefs/chunkReload'

/** A sessionStorage that outlives the "page": reloads are simulated by scheduling again. */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  }
}

describe('isChunkLoadError (SPEC.md §4)', () => {
  it('knows the browsers’ failed dynamic imports and ChunkLoadError', () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: http://x/assets/users.js'),
      ),
    ).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('error loading dynamically imported module: x'))).toBe(true)
    const webpack = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' })
    expect(isChunkLoadError(webpack)).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/logs-x.css'))).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })
})

describe('mayReload', () => {
  it('allows the first reload, then none within the 10-second window', () => {
    expect(mayReload(50_000, null)).toBe(true)
    expect(mayReload(50_000, 50_000 - CHUNK_RELOAD_WINDOW_MS + 1)).toBe(false)
    expect(mayReload(50_000, 50_000 - CHUNK_RELOAD_WINDOW_MS)).toBe(true)
  })
})

describe('scheduleChunkReload (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
  })
  afterEach(() => vi.useRealTimers())

  it('reloads after 2 seconds and remembers when', () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    const { scheduled } = scheduleChunkReload({ storage, reload })
    expect(scheduled).toBe(true)
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS - 1)
    expect(reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe(String(1_000_000 + CHUNK_RELOAD_DELAY_MS))
  })

  it('reloads at most once per 10-second window', () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    scheduleChunkReload({ storage, reload })
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS)
    // The reloaded page fails again at once: no second reload, the message stays.
    vi.advanceTimersByTime(500)
    expect(scheduleChunkReload({ storage, reload }).scheduled).toBe(false)
    vi.advanceTimersByTime(CHUNK_RELOAD_WINDOW_MS)
    expect(reload).toHaveBeenCalledTimes(1)
    // Once the window has passed, a new failure may reload again.
    expect(scheduleChunkReload({ storage, reload }).scheduled).toBe(true)
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('does not reload when cancelled (the view went away)', () => {
    const reload = vi.fn()
    const storage = memoryStorage()
    scheduleChunkReload({ storage, reload }).cancel()
    vi.advanceTimersByTime(CHUNK_RELOAD_WINDOW_MS)
    expect(reload).not.toHaveBeenCalled()
    expect(storage.items.size).toBe(0)
  })

  it('still reloads once without storage', () => {
    const reload = vi.fn()
    expect(scheduleChunkReload({ storage: undefined, reload }).scheduled).toBe(true)
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe("yieldRouterReload: TanStack Router's immediate reload is spent (fake timers)", () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
  })
  afterEach(() => vi.useRealTimers())

  it('marks the failure as reloaded for TanStack, and our guard still reloads after 2 s', () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    const failure = new TypeError('Failed to fetch dynamically imported module: http://x/a.js')
    yieldRouterReload(failure, storage)
    expect(storage.items.get(`${ROUTER_RELOAD_PREFIX}${failure.message}`)).toBe('1')
    expect(scheduleChunkReload({ storage, reload }).scheduled).toBe(true)
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('leaves other errors and missing storage alone', () => {
    const storage = memoryStorage()
    yieldRouterReload(new Error('boom'), storage)
    yieldRouterReload(undefined, storage)
    expect(storage.items.size).toBe(0)
    expect(() =>
      yieldRouterReload(new TypeError('Importing a module script failed.'), undefined),
    ).not.toThrow()
  })
})
