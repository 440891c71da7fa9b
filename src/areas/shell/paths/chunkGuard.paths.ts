import type { SnapshotFrom } from 'xstate'
import { CHUNK_RELOAD_DELAY_MS } from '../../../data/prefs/chunkReload'
import { chunkGuardMachine } from '../machines/chunkGuard.machine'
import { definePaths } from '../../../flows/model'

/** What the page reloads after (`after: reloadDelay` in the chart), as the model names it. */
export const AFTER_RELOAD_DELAY = 'xstate.after.reloadDelay.chunkGuard.waiting'
/** How long before the failure the page reloaded for another, in the 'window spent' model. */
export const RELOADED_BEFORE_MS = 500

const events = [{ type: AFTER_RELOAD_DELAY }, { type: 'chunk.refresh' }] as never[]

const shows = (s: SnapshotFrom<typeof chunkGuardMachine>) => {
  if (s.matches('waiting'))
    return `The 'Something went wrong' message with Refresh; the page reloads in ${CHUNK_RELOAD_DELAY_MS / 1000} seconds`
  if (s.matches('held'))
    return "The 'Something went wrong' message with Refresh; no reload by itself"
  return 'The page reloads'
}

/** A first failure: nothing reloaded the page lately. */
export const firstFailurePaths = definePaths({
  name: 'Chunk failure: first',
  machine: chunkGuardMachine,
  events,
  input: { lastReload: null },
  shows,
})

/** A failure right after the page reloaded for another: the window is spent. */
export const windowSpentPaths = definePaths({
  name: 'Chunk failure: the window is spent',
  machine: chunkGuardMachine,
  events,
  // The guard compares with the clock when the chart starts, so the reload is dated afresh each
  // time the model is read (building its paths, replaying them), never when this module loaded.
  get input() {
    return { lastReload: Date.now() - RELOADED_BEFORE_MS }
  },
  shows,
})

export const models = [firstFailurePaths, windowSpentPaths]
