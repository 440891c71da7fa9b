import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { searchStates } from './logsPicker.search'
import { CLEARED, logsPickerSetup } from './logsPicker.setup'

export type { LogsPickerEvent, LogsPickerInput, PickerKind, PickerMatch } from './logsPicker.setup'

/**
 * A type-ahead picker of the Logs filters (Actor, User, Service; docs/logs.md): typing searches the
 * identity cache after a pause, the short list of matches opens below the box, and choosing one
 * sets the filter (the view writes it into the URL). Beside it, the name of the id the filter holds,
 * followed in the cache, for the filter's chip.
 *
 * The search region is in logsPicker.search.ts; the context, events, actors, guards and actions
 * in logsPicker.setup.ts. The label region (the chip's name) is here.
 */
export const logsPickerMachine = logsPickerSetup.createMachine({
  id: 'logsPicker',
  description: 'A type-ahead picker of the Logs filters, and the name of the filter it sets.',
  context: ({ input }) => ({ kind: input.kind, ...CLEARED, value: null, name: null }),
  type: 'parallel',
  states: {
    ...searchStates,
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
