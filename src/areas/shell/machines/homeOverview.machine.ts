import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { serverMessage } from '../../../kit/machines/notification.messages'
import { readHomeOverview, type HomeOverview, type OverviewReader } from './homeOverview.read'

type HomeOverviewContext = {
  reader: OverviewReader
  overview: HomeOverview | null
  /** Why the last read failed, in words. */
  error: string | null
}

export type HomeOverviewEvent = { type: 'overview.retry' }

/**
 * Home's overview (docs/console-navigation.md): what needs attention, the setup checklist and the
 * latest activity, read once when Home opens, from what the person may read. A failed read says why
 * and offers Retry.
 */
export const homeOverviewMachine = setup({
  types: {
    context: {} as HomeOverviewContext,
    events: {} as HomeOverviewEvent,
    input: {} as { reader: OverviewReader },
  },
  actors: {
    readOverview: fromPromise<HomeOverview, OverviewReader>(({ input, signal }) =>
      readHomeOverview(input, { signal }),
    ),
  },
}).createMachine({
  id: 'homeOverview',
  description: "Home's overview: what needs attention, the setup checklist, the latest activity.",
  context: ({ input }) => ({ reader: input.reader, overview: null, error: null }),
  initial: 'reading',
  states: {
    reading: {
      description: "The overview is read; 'Loading the overview…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'readOverview',
        src: 'readOverview',
        input: ({ context }) => context.reader,
        onDone: {
          target: 'shown',
          description:
            'The overview came: what needs attention, the checklist and the activity show.',
          actions: assign({ overview: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          description: 'The read failed: the reason and Retry show.',
          actions: assign({ error: ({ event }) => serverMessage(event.error) }),
        },
      },
    },
    failed: {
      description: "'The overview could not be loaded' with the reason and Retry.",
      tags: ['error'],
      on: { 'overview.retry': { target: 'reading', description: 'Retry was pressed.' } },
    },
    shown: {
      description: 'The overview as read when Home opened.',
    },
  },
})

export type HomeOverviewActor = ActorRefFrom<typeof homeOverviewMachine>
export type HomeOverviewSnapshot = SnapshotFrom<typeof homeOverviewMachine>
