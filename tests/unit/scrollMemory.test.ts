import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createScrollMemory,
  RESTORE_INTERVAL_MS,
  RESTORE_RETRIES,
  SCROLL_THROTTLE_MS,
} from '../../src/areas/shell/views/scrollMemory'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

/** A window whose document is `height` px tall and `viewport` px high: scrollTo clamps to it. */
function fakeWindow() {
  const listeners = new Map<string, Set<() => void>>()
  const win = {
    scrollY: 0,
    height: 1000,
    viewport: 500,
    addEventListener: (type: string, listener: () => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set())
      listeners.get(type)!.add(listener)
    },
    removeEventListener: (type: string, listener: () => void) =>
      void listeners.get(type)?.delete(listener),
    scrollTo: vi.fn((_x: number, y: number) => {
      win.scrollY = Math.max(0, Math.min(y, win.height - win.viewport))
      win.fire('scroll')
    }),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
    /** A person scrolling to `y`. */
    scroll: (y: number) => {
      win.scrollY = y
      win.fire('scroll')
    },
  }
  return win
}

describe('scroll memory', () => {
  let win: ReturnType<typeof fakeWindow>
  let storage: Storage
  let key: string
  const make = () =>
    createScrollMemory({ win: win as unknown as Window, storage, currentKey: () => key })

  beforeEach(() => {
    vi.useFakeTimers()
    win = fakeWindow()
    storage = memoryStorage()
    key = 'a'
  })
  afterEach(() => vi.useRealTimers())

  it('saves the position per key, throttled to one write per 5 ms', () => {
    const memory = make()
    const setItem = vi.spyOn(storage, 'setItem')
    win.scroll(100)
    win.scroll(200)
    win.scroll(300)
    expect(setItem).not.toHaveBeenCalled()
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS)
    expect(setItem).toHaveBeenCalledTimes(1)
    key = 'b'
    win.scroll(50)
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS)
    expect(JSON.parse(storage.getItem('gatehouse.scroll')!)).toEqual({ a: 300, b: 50 })
    memory.dispose()
  })

  it('restores at once when the page is tall enough', () => {
    const memory = make()
    win.scroll(400)
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS)
    win.scroll(0)
    memory.restore('a')
    expect(win.scrollY).toBe(400)
    expect(win.scrollTo).toHaveBeenCalledTimes(1)
    memory.dispose()
  })

  it('retries every 100 ms while the content is still loading, without overwriting the target', () => {
    const memory = make()
    win.height = 3000
    win.scroll(2000)
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS)
    win.height = 600
    win.scroll(0)
    memory.restore('a')
    expect(win.scrollY).toBe(100)
    vi.advanceTimersByTime(RESTORE_INTERVAL_MS * 3)
    expect(win.scrollTo).toHaveBeenCalledTimes(4)
    win.height = 3000
    vi.advanceTimersByTime(RESTORE_INTERVAL_MS)
    expect(win.scrollY).toBe(2000)
    vi.advanceTimersByTime(RESTORE_INTERVAL_MS * 10)
    expect(win.scrollTo).toHaveBeenCalledTimes(5)
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS)
    expect(JSON.parse(storage.getItem('gatehouse.scroll')!)).toEqual({ a: 2000 })
    memory.dispose()
  })

  it('gives up after 50 retries', () => {
    const memory = make()
    win.height = 3000
    win.scroll(2000)
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS)
    win.height = 600
    memory.restore('a')
    vi.advanceTimersByTime(RESTORE_INTERVAL_MS * (RESTORE_RETRIES + 20))
    expect(win.scrollTo).toHaveBeenCalledTimes(RESTORE_RETRIES + 1)
    memory.dispose()
  })

  it('stops restoring when the person scrolls, and does nothing for an unknown key', () => {
    const memory = make()
    win.height = 3000
    win.scroll(2000)
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS)
    win.height = 600
    memory.restore('a')
    win.fire('wheel')
    vi.advanceTimersByTime(RESTORE_INTERVAL_MS * 5)
    expect(win.scrollTo).toHaveBeenCalledTimes(1)
    memory.restore('unknown')
    expect(win.scrollTo).toHaveBeenCalledTimes(1)
    memory.dispose()
  })
})
