/**
 * The Logs picker's vocabulary and effects: its context, events and input, and the one `setup`
 * (actors, delays, guards, actions) its regions build on (logsPicker.machine.ts).
 */
import { assign, setup, stateIn } from 'xstate'
import type { PickerMatch } from '../../../data/lists/pickers'
import { findMatches, watchName, type PickerKind } from './logsPicker.actors'

export type { PickerMatch }
export type { PickerKind }

type PickerContext = {
  kind: PickerKind
  /** What the box holds. */
  text: string
  /** The matches shown, in name order. */
  matches: PickerMatch[]
  /** How many more match than are shown. */
  more: number
  /** The highlighted option (arrows, the mouse); Enter picks it. */
  active: number
  /** Why the search failed, when the cache said. */
  error: string | null
  /** The id the filter holds (the URL's), or null. */
  value: string | null
  /** Its name, once the cache gave it; null while read or when the cache has no such row. */
  name: string | null
}

export type LogsPickerEvent =
  | { type: 'picker.typed'; text: string }
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'picker.move'; by: 1 | -1 }
  | { type: 'picker.highlight'; index: number }
  | { type: 'picker.choose'; match: PickerMatch }
  | { type: 'picker.valueChanged'; value: string | null }
  | { type: 'picker.named'; name: string | null }

export type LogsPickerInput = { kind: PickerKind }

/** A search's failure in words, when the cache gave any. */
export const errorText = (error: unknown) =>
  error instanceof Error && error.message.trim() !== '' ? error.message : null

/** The box empty and its list closed. */
export const CLEARED = { text: '', matches: [], more: 0, active: 0, error: null }

/** The chart's implementations; each region passes its states through `createStateConfig`. */
export const logsPickerSetup = setup({
  types: {
    context: {} as PickerContext,
    events: {} as LogsPickerEvent,
    input: {} as LogsPickerInput,
  },
  actors: { findMatches, watchName },
  delays: {
    /** SPEC.md §9: searches wait 100 ms after the last keystroke. */
    searchDebounce: 100,
  },
  guards: {
    hasText: ({ event }) => event.type === 'picker.typed' && event.text.trim() !== '',
    canReopen: ({ context }) => context.text.trim() !== '',
    hasMatches: (_, found: number) => found > 0,
    isOtherValue: ({ context, event }) =>
      event.type === 'picker.valueChanged' && event.value !== context.value,
    isCleared: ({ event }) => event.type === 'picker.valueChanged' && event.value === null,
    isNamed: ({ event }) => event.type === 'picker.named' && event.name !== null,
    isOffered: stateIn('#logsPicker.search.open.results'),
  },
  actions: {
    keepText: assign({
      text: ({ context, event }) => (event.type === 'picker.typed' ? event.text : context.text),
    }),
    clear: assign(CLEARED),
  },
})
