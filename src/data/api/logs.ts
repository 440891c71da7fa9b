import { type LogFilters, LogsResults } from '../../../schema/logs'
import { callFor, http } from './client'

type Options = { signal?: AbortSignal; limit?: number }

const searchOf = (filters: LogFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]),
  )

/** One page of the audit log, newest first; pass the cursor back for older events. */
export async function logsPage(
  filters: LogFilters,
  before: string | null,
  { signal, limit = 50 }: Options = {},
) {
  const searchParams: Record<string, string | number> = { ...searchOf(filters), limit }
  if (before) searchParams.before = before
  return callFor(LogsResults, () => http.get('logs', { searchParams, signal }))
}

/** Where the server streams the CSV of everything the filters match (a plain link downloads it). */
export function logsCsvHref(filters: LogFilters): string {
  const query = new URLSearchParams(searchOf(filters)).toString()
  return `/v1/logs.csv${query ? `?${query}` : ''}`
}
