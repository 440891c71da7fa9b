import { assign, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate'
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

const errorText = (error: unknown) =>
  error instanceof Error && error.message.trim() !== '' ? error.message : null

const CLEARED = { text: '', matches: [], more: 0, active: 0, error: null }

/**
 * A type-ahead picker of the Logs filters (Actor, User, Service; docs/logs.md): typing searches the
 * identity cache after a pause, the short list of matches opens below the box, and choosing one
 * sets the filter (the view writes it into the URL). Beside it, the name of the id the filter holds,
 * followed in the cache, for the filter's chip.
 */
export const logsPickerMachine = setup({
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
}).createMachine({
  id: 'logsPicker',
  description: 'A type-ahead picker of the Logs filters, and the name of the filter it sets.',
  context: ({ input }) => ({ kind: input.kind, ...CLEARED, value: null, name: null }),
  type: 'parallel',
  states: {
    search: {
      description: 'The box and its list of matches.',
      initial: 'closed',
      states: {
        closed: {
          description: 'The box, with no list open below it.',
          on: {
            'picker.typed': [
              {
                guard: 'hasText',
                target: 'open',
                description: 'Something was typed: the search waits for a pause.',
                actions: 'keepText',
              },
              {
                description: 'The box was emptied.',
                actions: 'clear',
              },
            ],
            'picker.open': {
              guard: 'canReopen',
              target: 'open.searching',
              description:
                'Arrow down (or a click) in a box that holds text: it is searched again.',
            },
          },
        },
        open: {
          description: 'The list below the box is open.',
          initial: 'waiting',
          on: {
            'picker.typed': [
              {
                guard: 'hasText',
                target: '.waiting',
                reenter: true,
                description: 'More was typed: the search waits for a pause again.',
                actions: 'keepText',
              },
              {
                target: 'closed',
                description: 'The box was emptied: the list closes.',
                actions: 'clear',
              },
            ],
            'picker.close': {
              target: 'closed',
              description:
                'Escape, a click elsewhere or Tab away: the list closes; the text stays.',
            },
          },
          states: {
            waiting: {
              description: "'Searching…' shows while typing goes on.",
              tags: ['busy'],
              after: {
                searchDebounce: {
                  target: 'searching',
                  description: 'Typing paused: the cache is searched.',
                },
              },
            },
            searching: {
              description: "'Searching…' shows; a newer keystroke abandons this search.",
              tags: ['busy'],
              invoke: {
                id: 'findMatches',
                src: 'findMatches',
                input: ({ context }) => ({ kind: context.kind, text: context.text.trim() }),
                onDone: [
                  {
                    guard: {
                      type: 'hasMatches',
                      params: ({ event }) => event.output.matches.length,
                    },
                    target: 'results',
                    description: 'Matches were found: they show, the first one highlighted.',
                    actions: assign(({ event }) => ({
                      matches: event.output.matches,
                      more: event.output.count - event.output.matches.length,
                      active: 0,
                      error: null,
                    })),
                  },
                  {
                    target: 'noMatches',
                    description: 'Nothing matched.',
                    actions: assign({ matches: [], more: 0, active: 0, error: null }),
                  },
                ],
                onError: {
                  target: 'failed',
                  description: 'The cache could not be searched.',
                  actions: assign({
                    matches: [],
                    more: 0,
                    error: ({ event }) => errorText(event.error),
                  }),
                },
              },
            },
            results: {
              description: 'The matches as options, one highlighted; how many more match.',
              on: {
                'picker.move': {
                  description: 'Arrow down or up: the next or previous option is highlighted.',
                  actions: assign({
                    active: ({ context, event }) =>
                      (context.active + event.by + context.matches.length) % context.matches.length,
                  }),
                },
                'picker.highlight': {
                  description: 'The pointer moved onto an option.',
                  actions: assign({
                    active: ({ context, event }) =>
                      Math.min(Math.max(event.index, 0), context.matches.length - 1),
                  }),
                },
                'picker.choose': {
                  target: '#logsPicker.search.closed',
                  description:
                    'An option was chosen (Enter or a click): the filter is set, the box empties.',
                  actions: 'clear',
                },
              },
            },
            noMatches: {
              description: "'No matches'.",
            },
            failed: {
              description: 'Why the search failed; typing again searches again.',
              tags: ['error'],
            },
          },
        },
      },
    },
    label: {
      description: "The name of the filter's id, for its chip.",
      initial: 'none',
      on: {
        'picker.valueChanged': [
          {
            guard: 'isCleared',
            target: '.none',
            description: 'The filter was removed (its chip, Clear filters, Back).',
            actions: assign({ value: null, name: null }),
          },
          {
            guard: 'isOtherValue',
            // Entered afresh (without `reenter`, whose domain would be the whole chart and would
            // reset the box too), so the watch restarts on the new id.
            target: '.following',
            description: 'The URL holds another id (a link, Back): its name is read.',
            actions: assign({ value: ({ event }) => event.value, name: null }),
          },
        ],
        'picker.choose': {
          guard: 'isOffered',
          target: '.following.named',
          description: 'An option was chosen: the chip shows its name at once.',
          actions: assign({
            value: ({ event }) => event.match.id,
            name: ({ event }) => event.match.name,
          }),
        },
      },
      states: {
        none: { description: 'No filter of this kind.' },
        following: {
          description: 'The name is followed in the cache, so a rename shows.',
          initial: 'reading',
          invoke: {
            id: 'watchName',
            src: 'watchName',
            input: ({ context }) => ({ kind: context.kind, id: context.value ?? '' }),
          },
          on: {
            'picker.named': [
              {
                guard: 'isNamed',
                target: '.named',
                description: 'The cache has the row: the chip shows its name.',
                actions: assign({ name: ({ event }) => event.name }),
              },
              {
                target: '.unnamed',
                description:
                  'The cache has no such row (removed, not synced, not readable): the chip shows the id’s start.',
                actions: assign({ name: null }),
              },
            ],
          },
          states: {
            reading: { description: 'The chip shows the id’s start while the name is read.' },
            named: { description: "The chip names it ('User Ada Lovelace')." },
            unnamed: { description: 'The chip shows the start of the id.' },
          },
        },
      },
    },
  },
})

export type LogsPickerActor = ActorRefFrom<typeof logsPickerMachine>
export type LogsPickerSnapshot = SnapshotFrom<typeof logsPickerMachine>
