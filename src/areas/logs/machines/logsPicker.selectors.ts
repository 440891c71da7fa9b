import type { LogsPickerSnapshot } from './logsPicker.machine'

/** The id picker of the Logs filters: what its view reads of the machine (tags, context, can, state). */
export const selectText = (s: LogsPickerSnapshot) => s.context.text
export const selectOpen = (s: LogsPickerSnapshot) => s.matches({ search: 'open' })
export const selectBusy = (s: LogsPickerSnapshot) => s.hasTag('busy')
export const selectOffered = (s: LogsPickerSnapshot) => s.matches({ search: { open: 'results' } })
export const selectNone = (s: LogsPickerSnapshot) => s.matches({ search: { open: 'noMatches' } })
export const selectFailed = (s: LogsPickerSnapshot) => s.hasTag('error')
export const selectError = (s: LogsPickerSnapshot) => s.context.error
export const selectMatches = (s: LogsPickerSnapshot) => s.context.matches
export const selectMore = (s: LogsPickerSnapshot) => s.context.more
export const selectActive = (s: LogsPickerSnapshot) => s.context.active
