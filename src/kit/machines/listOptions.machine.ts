import {
  assign,
  enqueueActions,
  fromCallback,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import { defaultListOptions, type ListOptions } from '../../data/lists/options'
import type { ListActor, ListSnapshot } from './list.machine'
import { changedOptions, USER_FILTER_OPTIONS, type ListOption } from './listOptions.changes'

export type ListOptionsContext = {
  list: ListActor
  defaults: ListOptions
  options: ListOptions
  /** The options that differ from the defaults; their number is the filter badge. */
  changed: ListOption[]
}

export type ListOptionsEvent =
  { type: 'options.listed'; options: ListOptions } | { type: 'options.reset' }

/**
 * Tells the options chart what the list applies: once it has restored the saved options, and
 * after every change (search applied, Show Deleted, sort).
 */
export const watchList = fromCallback<ListOptionsEvent, { list: ListActor }>(
  ({ input, sendBack }) => {
    let reported: ListOptions | undefined
    const report = (snapshot: ListSnapshot) => {
      if (snapshot.hasTag('restoring') || snapshot.context.options === reported) return
      reported = snapshot.context.options
      sendBack({ type: 'options.listed', options: reported })
    }
    report(input.list.getSnapshot())
    const subscription = input.list.subscribe(report)
    return () => subscription.unsubscribe()
  },
)

/**
 * The options of one list screen as a whole (SPEC.md §2 Services): whether any filter or the sort
 * differs from the defaults, how many do (the 'Show Filters' badge), and putting them all back.
 * The list chart owns and applies the options; this one watches it and asks it to reset.
 */
export const listOptionsMachine = setup({
  types: {
    context: {} as ListOptionsContext,
    events: {} as ListOptionsEvent,
    input: {} as { list: ListActor },
  },
  actors: { watchList },
  guards: {
    isDefault: ({ context, event }) =>
      event.type === 'options.listed' &&
      changedOptions(event.options, context.defaults).length === 0,
    isChanged: ({ context, event }) =>
      event.type === 'options.listed' && changedOptions(event.options, context.defaults).length > 0,
  },
  actions: {
    record: assign(({ context, event }) =>
      event.type === 'options.listed'
        ? { options: event.options, changed: changedOptions(event.options, context.defaults) }
        : {},
    ),
    // One request at a time, each once the list has applied the last: a search first (the list
    // applies it after its 100 ms debounce, and a sort or filter change meanwhile would cancel
    // that), then the sort, then the other filters, each only where it still differs. Two at once
    // had the list apply the filters twice and load its first page again after the reset ended.
    resetList: enqueueActions(({ context, enqueue }) => {
      const { list, defaults, options } = context
      const changed = changedOptions(options, defaults)
      if (changed.includes('text')) {
        enqueue.sendTo(list, { type: 'list.searchChanged', value: defaults.filters.text })
        return
      }
      if (changed.includes('sortField') || changed.includes('sortDirection')) {
        enqueue.sendTo(list, { type: 'list.sortChanged', sort: defaults.sort })
        return
      }
      const filterOptions: ListOption[] = ['showDeleted', 'id', 'userId', ...USER_FILTER_OPTIONS]
      if (changed.some((option) => filterOptions.includes(option))) {
        const { id, userId, showDeleted } = defaults.filters
        // The Users filters only where the list has them (their defaults are undefined elsewhere).
        const users = USER_FILTER_OPTIONS.filter((option) => defaults.filters[option] !== undefined)
        const filters = {
          id,
          userId,
          showDeleted,
          ...Object.fromEntries(users.map((option) => [option, defaults.filters[option]])),
        }
        enqueue.sendTo(list, { type: 'list.filtersChanged', filters })
      }
    }),
  },
}).createMachine({
  id: 'listOptions',
  meta: { spec: ['§2.11'] },
  description: "A list's sort and filters compared with their defaults.",
  context: ({ input }) => {
    const defaults = defaultListOptions(input.list.getSnapshot().context.type)
    return { list: input.list, defaults, options: defaults, changed: [] }
  },
  // A subscription to an actor in the same page cannot fail; it has nothing to end with either.
  invoke: { id: 'watchList', src: 'watchList', input: ({ context }) => ({ list: context.list }) },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'The list is still reading the options kept for it.',
      on: {
        'options.listed': [
          {
            guard: 'isDefault',
            target: 'defaults',
            actions: 'record',
            description: 'The list restored options that are all the defaults.',
          },
          {
            target: 'changed',
            actions: 'record',
            description: 'The list restored kept options: a search, Show Deleted or a sort.',
          },
        ],
      },
    },
    defaults: {
      description: 'Every filter and the sort are as the list starts: nothing to count or reset.',
      // Options that are still the defaults are not reported here: the list applies a change
      // only when a person makes one, and a reset asks for each default once.
      on: {
        'options.listed': {
          guard: 'isChanged',
          target: 'changed',
          actions: 'record',
          description: 'The list applied a search, Show Deleted or a sort.',
        },
      },
    },
    changed: {
      description: 'Some filters or the sort differ from the defaults; the badge counts them.',
      tags: ['changed'],
      on: {
        'options.listed': [
          {
            guard: 'isDefault',
            target: 'defaults',
            actions: 'record',
            description: 'The person put every option back by hand.',
          },
          {
            actions: 'record',
            description: 'The list applied another change; some options still differ.',
          },
        ],
        'options.reset': { target: 'resetting', description: 'Reset Filters was pressed.' },
      },
    },
    resetting: {
      description:
        'Asks the list for its defaults, step by step as it applies each, until all are back.',
      tags: ['changed', 'busy'],
      entry: 'resetList',
      on: {
        'options.listed': [
          {
            guard: 'isDefault',
            target: 'defaults',
            actions: 'record',
            description: 'The list applied the last default: every option is back.',
          },
          {
            actions: ['record', 'resetList'],
            description: 'The list applied one default; the next is asked for.',
          },
        ],
      },
    },
  },
})

export type ListOptionsActor = ActorRefFrom<typeof listOptionsMachine>
export type ListOptionsSnapshot = SnapshotFrom<typeof listOptionsMachine>
