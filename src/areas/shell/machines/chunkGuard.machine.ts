import { setup } from 'xstate'
import {
  CHUNK_RELOAD_DELAY_MS,
  isChunkLoadError,
  mayReload,
  readLastReload,
  writeLastReload,
} from '../../../data/prefs/chunkReload'
import { finalState } from '../../../kit/machines/finalState'

/** Whether a route's error is a failed chunk load, which this guard handles. */
export const isChunkFailure = (error: unknown): boolean => isChunkLoadError(error)

/** The guard's input as the failure view opens: the last reload, from sessionStorage. */
export const chunkGuardInput = () => ({ lastReload: readLastReload() })

export type ChunkGuardEvent = { type: 'chunk.refresh' }

/**
 * The chunk-load failure guard (SPEC.md §4, §9 'Chunk-reload guard: 10 s window, reload after
 * 2 s'): a part of the console could not be fetched (usually a newer deployment replaced its file).
 * The message shows; the page reloads by itself after 2 seconds unless it already did so in the
 * last 10 seconds (kept in sessionStorage, so the window holds across the reload). Refresh reloads
 * at once. Spawned by the route's error view for as long as it shows.
 */
export const chunkGuardMachine = setup({
  types: {
    events: {} as ChunkGuardEvent,
    /** When the page last reloaded for a failure (ms since the epoch), or null (chunkGuardInput). */
    input: {} as { lastReload: number | null },
    context: {} as { lastReload: number | null },
  },
  delays: { reloadDelay: CHUNK_RELOAD_DELAY_MS },
  guards: {
    reloadSpent: ({ context }) => !mayReload(Date.now(), context.lastReload),
  },
  actions: {
    rememberReload: () => writeLastReload(Date.now()),
    reloadPage: () => globalThis.location.reload(),
  },
}).createMachine({
  id: 'chunkGuard',
  meta: { spec: ['§2.13', '§4.15'] },
  description:
    'After a chunk-load failure: reload after 2 s, at most once per 10 s; Refresh at once.',
  context: ({ input }) => ({ lastReload: input.lastReload }),
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The message shows; the page reloads in 2 seconds.',
      tags: ['reloadScheduled'],
      always: {
        guard: 'reloadSpent',
        target: 'held',
        description: 'The page already reloaded for a failure in the last 10 seconds.',
      },
      after: {
        reloadDelay: { target: 'reloading', description: 'Two seconds passed.' },
      },
      on: { 'chunk.refresh': { target: 'refreshing', description: 'Refresh was pressed.' } },
    },
    held: {
      description: 'No automatic reload this time: the message and Refresh stay.',
      on: { 'chunk.refresh': { target: 'refreshing', description: 'Refresh was pressed.' } },
    },
    reloading: finalState('The automatic reload: its time starts the 10-second window.', {
      entry: ['rememberReload', 'reloadPage'],
    }),
    refreshing: finalState('The person reloads the page.', { entry: 'reloadPage' }),
  },
})
