/** What these read of the sync's snapshot: its tags (a type of its own keeps sync.machine out). */
type SyncTags = { hasTag(tag: 'ready' | 'error'): boolean }

// The session reads the sync's state through these alone, so that the sync statechart, its caches
// and its worker stay out of the first load (docs/console-first-load.md).

/** What startup waits for: both caches loaded (SPEC.md §4 'Startup'). */
export const isSyncReady = (snapshot: SyncTags): boolean => snapshot.hasTag('ready')

/** Opening or loading a cache failed, and nothing is loaded to show instead. */
export const isSyncFailed = (snapshot: SyncTags): boolean =>
  snapshot.hasTag('error') && !snapshot.hasTag('ready')
