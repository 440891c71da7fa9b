/**
 * What a detail pane's record model (kit/machines/cacheRecord.chart.ts) hears: the row as `key`
 * ('service', 'user') read, the row read again after a change, no such row, and a failed read.
 */
export const recordEvents = (key: string, row: unknown, changed: unknown) => [
  { type: 'record.loaded', [key]: row },
  { type: 'record.loaded', [key]: changed },
  { type: 'record.loaded', [key]: undefined },
  { type: 'record.failed', error: new Error('The database is closed.') },
]

type RecordSnapshot = { matches(value: { watching: 'loading' | 'found' | 'missing' }): boolean }

/** What the pane shows in each state of its record's chart, in words. */
export function recordShows(
  s: RecordSnapshot,
  says: { loading: string; found: () => string; missing: string; failed: string },
): string {
  if (s.matches({ watching: 'loading' })) return says.loading
  if (s.matches({ watching: 'found' })) return says.found()
  if (s.matches({ watching: 'missing' })) return says.missing
  return says.failed
}
