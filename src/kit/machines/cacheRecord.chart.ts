import { finalState } from './finalState'
/**
 * The chart a detail pane's record shares (a service's, serviceRecord.machine.ts; a user's,
 * userRecord.machine.ts): one row as the local cache holds it, followed live (SPEC.md §1: screens
 * read the local database), so a save, a sync batch or another tab all show at once. Each
 * machine spreads these states into its own chart and implements the guard `isFound` (its
 * parameter: the row read) and the actor that watches the row.
 */

/** What one record names and says in the shared states (`recordStates`). */
export type RecordSpec<TWatcher extends string, TEvent, TRow, TKeep, TForget> = {
  /** The actor that sends 'record.loaded' with the row now and after every change. */
  watcher: TWatcher
  /** The row a 'record.loaded' carries (undefined: no row with this id). */
  rowOf: (event: TEvent) => TRow
  /** The actions that keep the row read, and that forget it. */
  keep: TKeep
  forget: TForget
  says: {
    /** 'record.loaded' with a row, and without one. */
    loaded: string
    notLoaded: string
    /** The `found` and `missing` states. */
    found: string
    missing: string
  }
}

/**
 * What a record's states say, for a record known as `noun` ('service', 'user'): the row read, none
 * read, the row shown, and 'Service not found'.
 */
export const recordSays = (noun: string) => ({
  loaded: `The cache read returned the ${noun} (the first read, or one after a change).`,
  notLoaded: `The cache read returned no ${noun} with this id.`,
  found: `The ${noun} is shown.`,
  missing: `'${noun[0]!.toUpperCase()}${noun.slice(1)} not found': no such id in the cache.`,
})

/**
 * 'watching' (first 'loading', then 'found' or 'missing' after each read) and 'failed', final:
 * the cache could not be read.
 */
export const recordStates = <const TWatcher extends string, TEvent, TRow, TKeep, TForget>(
  spec: RecordSpec<TWatcher, TEvent, TRow, TKeep, TForget>,
) =>
  ({
    watching: {
      description: 'The pane follows the row in the cache: read now and after every change.',
      invoke: {
        id: spec.watcher,
        src: spec.watcher,
        input: ({ context }: { context: { id: string } }) => ({ id: context.id }),
        // No onError: the watch reports a failed read as 'record.failed' and never throws.
      },
      on: {
        'record.loaded': [
          {
            guard: {
              type: 'isFound',
              params: ({ event }: { event: TEvent }) => spec.rowOf(event),
            },
            target: '.found',
            description: spec.says.loaded,
            actions: spec.keep,
          },
          { target: '.missing', description: spec.says.notLoaded, actions: spec.forget },
        ],
        'record.failed': { target: 'failed', description: 'Reading the cache failed.' },
      },
      initial: 'loading',
      states: {
        loading: { description: 'The first read of the cache.', tags: ['busy'] },
        found: { description: spec.says.found },
        missing: { description: spec.says.missing },
      },
    },
    failed: finalState('The cache could not be read (the watch ends); the pane says so.', {
      tags: ['error'],
    }),
  }) as const
