import { lazyRouteComponent } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { Component, Suspense, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  claimChunkReloads,
  PRELOAD_ERROR_EVENT,
  ROUTER_RELOAD_PREFIX,
} from '../../src/data/prefs/chunkReload'

const MESSAGE =
  'Failed to fetch dynamically imported module: http://console/assets/users.index-x.js'

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>caught: {this.state.error.message}</p> : this.props.children
  }
}

/**
 * A lazy route component as the router plugin generates it, whose import fails the way the built
 * console's does: Vite's preload helper fires 'vite:preloadError' with the error, then rejects.
 */
async function renderFailingChunk(beforeRender = () => {}) {
  const failure = new TypeError(MESSAGE)
  const Lazy = lazyRouteComponent(() => {
    const event = Object.assign(new Event(PRELOAD_ERROR_EVENT, { cancelable: true }), {
      payload: failure,
    })
    window.dispatchEvent(event)
    return Promise.reject(failure)
  })
  await Lazy.preload?.()
  beforeRender()
  render(
    <Boundary>
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>
    </Boundary>,
  )
}

describe('a chunk that fails to load: only our guard reloads (SPEC.md §9)', () => {
  let uninstall = () => {}
  afterEach(() => {
    uninstall()
    sessionStorage.clear()
    vi.restoreAllMocks()
  })

  it("TanStack's lazy component alone reloads at once (what the claim prevents)", async () => {
    // TanStack writes its key right before `location.reload()` (jsdom only reports the navigation).
    const writes = vi.spyOn(Storage.prototype, 'setItem')
    await renderFailingChunk()
    expect(writes).toHaveBeenCalledWith(`${ROUTER_RELOAD_PREFIX}${MESSAGE}`, '1')
  })

  it('with the claim installed, the error goes to the error component, with no reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    uninstall = claimChunkReloads(window, sessionStorage)
    const writes = vi.spyOn(Storage.prototype, 'setItem')
    await renderFailingChunk(() => {
      // Claimed when the import failed, before the router renders the failure.
      expect(writes.mock.calls).toEqual([[`${ROUTER_RELOAD_PREFIX}${MESSAGE}`, '1']])
      writes.mockClear()
    })
    expect(await screen.findByText(`caught: ${MESSAGE}`)).toBeInTheDocument()
    // TanStack wrote nothing at render: it did not reload.
    expect(writes).not.toHaveBeenCalled()
  })

  it('leaves other failed imports alone', () => {
    uninstall = claimChunkReloads(window, sessionStorage)
    const event = Object.assign(new Event(PRELOAD_ERROR_EVENT), { payload: new Error('boom') })
    window.dispatchEvent(event)
    expect(sessionStorage.length).toBe(0)
  })
})
