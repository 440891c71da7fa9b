import { fromPromise } from 'xstate'
import type { OpenResult } from '../../src/data/db/openCache'
import type { Area } from '../../src/data/db/syncState'
import { cacheVersionMachine } from '../../src/kit/session/cacheVersion.machine'

/**
 * The sync's cache-opening step with its effects swapped: `open(owner)` decides what opening finds
 * ('reset': a cache of another version, deleted; the page's reload is not done).
 */
export function cacheVersionStub(open: (owner: string) => Promise<OpenResult>) {
  return cacheVersionMachine.provide({
    actors: {
      openCaches: fromPromise<Area[], { owner: string }>(async ({ input }) =>
        (await open(input.owner)) === 'reset' ? ['identity'] : [],
      ),
      deleteCaches: fromPromise<void, { areas: Area[] }>(() => Promise.resolve()),
      claimCaches: fromPromise<void, { owner: string }>(() => Promise.resolve()),
    },
    actions: { reloadPage: () => {} },
  })
}
