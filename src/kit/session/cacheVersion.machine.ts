import { assign, fromPromise, setup } from 'xstate'
import { deleteCaches, openCaches } from '../../data/db/caches'
import type { OpenResult } from '../../data/db/openCache'
import type { Area } from '../../data/db/syncState'
import { claimCaches } from '../../data/sync/claimCaches'
import { claimWriter } from '../../data/sync/syncDeps'
import { finalState } from '../machines/finalState'

type CacheVersionContext = {
  owner: string
  /** The areas whose cache another version of the console wrote. */
  outdated: Area[]
}

/**
 * The cache version rule (SPEC.md §4 'Local caches are rebuilt on a version upgrade: data deleted,
 * page reloaded'; DESIGN.md §5): opens both caches; one written by another version is deleted and
 * the page reloads, and the sync rebuilds it from the server after the reload. Current caches are
 * claimed for the signed-in user. Invoked by the sync as its 'openCaches' step; a failure of any
 * step fails the machine, which the sync reports.
 */
export const cacheVersionMachine = setup({
  types: {
    context: {} as CacheVersionContext,
    input: {} as { owner: string },
    output: {} as OpenResult,
  },
  actors: {
    // The owner is not needed to open; it names whose session the caches are opened for.
    openCaches: fromPromise<Area[], { owner: string }>(() => openCaches()),
    deleteCaches: fromPromise<void, { areas: Area[] }>(({ input }) => deleteCaches(input.areas)),
    claimCaches: fromPromise<void, { owner: string }>(({ input }) =>
      claimCaches(input.owner, claimWriter()),
    ),
  },
  guards: {
    foundOutdated: ({ event }) => ((event as { output?: Area[] }).output?.length ?? 0) > 0,
  },
  actions: {
    rememberOutdated: assign({
      outdated: ({ event }) => (event as { output?: Area[] }).output ?? [],
    }),
    reloadPage: () => globalThis.location.reload(),
  },
}).createMachine({
  id: 'cacheVersion',
  meta: { spec: ['§4.13'] },
  description: 'Opens the caches under the version rule: current ones are claimed, others rebuilt.',
  context: ({ input }) => ({ owner: input.owner, outdated: [] }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Opens both caches and compares the version each was written by.',
      invoke: {
        id: 'openCaches',
        src: 'openCaches',
        input: ({ context }) => ({ owner: context.owner }),
        onDone: [
          {
            guard: 'foundOutdated',
            target: 'deleting',
            actions: 'rememberOutdated',
            description: 'A cache was written by another version of the console.',
          },
          { target: 'claiming', description: 'Both caches were written by this version.' },
        ],
      },
    },
    deleting: {
      description: 'Deletes the outdated caches; their rows may not fit this version.',
      invoke: {
        id: 'deleteCaches',
        src: 'deleteCaches',
        input: ({ context }) => ({ areas: context.outdated }),
        onDone: { target: 'reloading', description: 'The outdated caches were deleted.' },
      },
    },
    reloading: finalState(
      'The page reloads; the sync rebuilds the deleted caches from the server.',
      { entry: 'reloadPage' },
    ),
    claiming: {
      description: "Claims both caches for the signed-in user: anyone else's rows are emptied.",
      invoke: {
        id: 'claimCaches',
        src: 'claimCaches',
        input: ({ context }) => ({ owner: context.owner }),
        onDone: { target: 'open', description: 'The caches were claimed for the signed-in user.' },
      },
    },
    open: finalState('The caches are ready to load.'),
  },
  output: ({ context }) => (context.outdated.length > 0 ? 'reset' : 'open'),
})
