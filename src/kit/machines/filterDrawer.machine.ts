import { fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { readFilterDrawerOpen, writeFilterDrawerOpen } from '../../data/prefs/filterDrawer'

/** SPEC.md §9: a downward swipe longer than this closes the drawer where it is a bottom sheet. */
export const SWIPE_CLOSE_DISTANCE = 50

export type FilterDrawerEvent =
  { type: 'drawer.toggle' } | { type: 'drawer.close' } | { type: 'drawer.swipe'; distance: number }

/** Reads the open state the person left the drawer in (SPEC.md §4). */
export const restoreOpen = fromPromise<boolean>(() => Promise.resolve(readFilterDrawerOpen()))

/**
 * The filter drawer of a list screen (SPEC.md §2 Services, §4): open or closed, the choice kept
 * locally. The view decides what a swipe is (pointer and touch events) and sends its length; the
 * chart decides whether it was long enough to close.
 */
export const filterDrawerMachine = setup({
  types: { events: {} as FilterDrawerEvent },
  actors: { restoreOpen },
  guards: {
    wasOpen: ({ event }) => (event as { output?: unknown }).output === true,
    isSwipeDown: ({ event }) =>
      event.type === 'drawer.swipe' && event.distance > SWIPE_CLOSE_DISTANCE,
  },
  actions: {
    rememberOpen: () => writeFilterDrawerOpen(true),
    rememberClosed: () => writeFilterDrawerOpen(false),
  },
}).createMachine({
  id: 'filterDrawer',
  meta: { spec: ['§2.11', '§4.11'] },
  description: 'The filter drawer beside (or, on phones, below) a list.',
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reads whether the person left the drawer open.',
      invoke: {
        id: 'restoreOpen',
        src: 'restoreOpen',
        onDone: [
          {
            guard: 'wasOpen',
            target: 'open',
            description: 'The person had left the drawer open.',
          },
          {
            target: 'closed',
            description: 'The person had left the drawer closed, or never opened it.',
          },
        ],
        // Unreadable storage: the drawer starts closed.
        onError: {
          target: 'closed',
          description: 'The browser would not say (storage blocked): the drawer starts closed.',
        },
      },
    },
    open: {
      description: 'The filters are shown: 300 px beside the list on large screens, a sheet below.',
      tags: ['open'],
      on: {
        'drawer.toggle': {
          target: 'closed',
          actions: 'rememberClosed',
          description: 'Hide Filters was pressed.',
        },
        'drawer.close': {
          target: 'closed',
          actions: 'rememberClosed',
          description:
            'Close was pressed (or Escape, or the backdrop clicked) where the drawer covers the list.',
        },
        'drawer.swipe': [
          {
            guard: 'isSwipeDown',
            target: 'closed',
            actions: 'rememberClosed',
            description: 'The bottom sheet was swiped down more than 50 px.',
          },
          // Said in the chart, so that the rule's other half is a step QA can follow too.
          { description: 'The bottom sheet was swiped up, or down 50 px or less; it stays open.' },
        ],
      },
    },
    closed: {
      description: 'The filters are hidden: an 8 px edge on large screens, nothing below.',
      on: {
        'drawer.toggle': {
          target: 'open',
          actions: 'rememberOpen',
          description: 'Show Filters was pressed.',
        },
      },
    },
  },
})

export type FilterDrawerActor = ActorRefFrom<typeof filterDrawerMachine>
export type FilterDrawerSnapshot = SnapshotFrom<typeof filterDrawerMachine>
