/**
 * The picker's search region: the box, the pause after typing, the cache searched, and the list
 * of matches below the box, walked with the arrows and chosen with Enter or a click.
 */
import { assign } from 'xstate'
import { errorText, logsPickerSetup } from './logsPicker.setup'

/** The `search` region, spread into the picker's parallel states beside `label`. */
export const searchStates = {
  search: logsPickerSetup.createStateConfig({
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
            description: 'Arrow down (or a click) in a box that holds text: it is searched again.',
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
            description: 'Escape, a click elsewhere or Tab away: the list closes; the text stays.',
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
  }),
}
