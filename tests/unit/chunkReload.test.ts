import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  CHUNK_RELOAD_DELAY_MS,
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  isChunkLoadError,
  mayReload,
  ROUTER_RELOAD_PREFIX,
  readLastReload,
  writeLastReload,
  yieldRouterReload,
} from '../../src/data/prefs/chunkReload'
import { chunkGuardMachine } from '../../src/areas/shell/machines/chunkGuard.machine'

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

describe('the last reload, in sessionStorage', () => {
  it('is read back as written, and missing or broken storage reads as none', () => {
    const storage = memoryStorage()
    expect(readLastReload(storage)).toBeNull()
    writeLastReload(1_002_000, storage)
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('1002000')
    expect(readLastReload(storage)).toBe(1_002_000)
    expect(readLastReload(undefined)).toBeNull()
    const broken = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    }
    expect(() => writeLastReload(1, broken)).not.toThrow()
    expect(readLastReload(broken)).toBeNull()
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
    // The mark is not our guard's: its window is still unspent, so it reloads after 2 s.
    expect(readLastReload(storage)).toBeNull()
    const guard = createActor(chunkGuardMachine.provide({ actions: { reloadPage: reload } }), {
      input: { lastReload: readLastReload(storage) },
    }).start()
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(guard.getSnapshot().status).toBe('done')
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
