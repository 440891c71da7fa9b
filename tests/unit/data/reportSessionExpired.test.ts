import { describe, expect, it, vi } from 'vitest'
import { onSessionExpired } from '../../../src/data/api/client'
import { reportSessionExpired } from '../../../src/data/api/sync'

describe('a session that ended during a pull in the sync worker', () => {
  it('reaches the page through the shared client’s expiry path, without the network', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    const expired = vi.fn()
    const stop = onSessionExpired(expired)
    try {
      reportSessionExpired()
      await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1))
      expect(fetch).not.toHaveBeenCalled()
    } finally {
      stop()
      vi.unstubAllGlobals()
    }
  })
})
