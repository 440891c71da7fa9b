import type { Area } from '../../machines/sync.machine'
import type { SyncContext } from '../../machines/sync.machine'

const count = new Intl.NumberFormat('en-US')

/** 'sessions — 12,500 rows': the table being loaded and its rows so far, or null before the first. */
export function loadingProgressText(progress: SyncContext['progress']): string | null {
  if (!progress.table) return null
  const rows = progress.loaded === 1 ? 'row' : 'rows'
  return `${progress.table} — ${count.format(progress.loaded)} ${rows}`
}

/**
 * One line per area still loading, each naming its current table: the two areas load side by side,
 * and the tiny attribute tables must not hide a 100,000-row sessions table behind them.
 */
export function loadingLines(
  areaProgress: SyncContext['areaProgress'],
  loading: readonly Area[],
): string[] {
  return loading.flatMap((area) => {
    const progress = areaProgress[area]
    const text = progress ? loadingProgressText(progress) : null
    return text ? [text] : []
  })
}

/** Why loading failed, in the words the error carries, or a generic line for anything else. */
export function loadingErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An Error Occurred. Try Again.'
}
