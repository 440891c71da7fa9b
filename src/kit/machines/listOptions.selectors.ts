import type { ListOptionsSnapshot } from './listOptions.machine'

/** How many filters (and sort controls) differ from the defaults: the 'Show Filters' badge. */
export const selectChangedCount = (snapshot: ListOptionsSnapshot) =>
  snapshot.hasTag('changed') ? snapshot.context.changed.length : 0

export const selectCanReset = (snapshot: ListOptionsSnapshot) =>
  snapshot.can({ type: 'options.reset' })
