/**
 * Reading again while the list shows: the first page once more when the outbox changed (the
 * change feed), and the next older page for 'Load older'.
 */
import { assign } from 'xstate'
import { queueListSetup } from './queueList.setup'

/** `refreshing` and `loadingMore`, spread into the Queue chart's states. */
export const readingStates = {
  refreshing: queueListSetup.createStateConfig({
    description: 'What shows stays while the first page is read again.',
    tags: ['refreshing'],
    entry: assign({ missed: false }),
    invoke: {
      id: 'refresh',
      src: 'loadQueue',
      input: ({ context }) => ({ filter: context.filter }),
      onDone: {
        target: 'ready',
        description: 'The new read replaces the list (older pages are dropped).',
        actions: 'showRead',
      },
      onError: {
        target: 'ready',
        description: 'The read failed: what showed stays, with the reason.',
        actions: 'recordError',
      },
    },
    on: {
      'queue.changed': {
        target: 'refreshing',
        reenter: true,
        description: 'Another change came while reading: read once more.',
      },
      'queue.filter': {
        target: 'loading',
        description: 'A filter changed: the list is read again with it.',
        actions: 'setFilter',
      },
      'queue.request': [
        {
          guard: { type: 'asksFirst', params: ({ event }) => ({ request: event.request }) },
          target: 'confirming',
          description:
            'Cancel or Unlock was pressed while reading again: its confirmation opens (the read is dropped; one follows the dialog).',
          actions: ['setRequest', 'markMissed'],
        },
        {
          target: 'acting',
          description:
            'Retry was pressed while reading again: the message is retried at once (a read follows).',
          actions: ['setRequest', 'markMissed'],
        },
      ],
    },
  }),
  loadingMore: queueListSetup.createStateConfig({
    description: "The messages stay; the next older page is read ('Load older' waits).",
    tags: ['busy'],
    invoke: {
      id: 'loadMore',
      src: 'loadMore',
      input: ({ context }) => ({ filter: context.filter, before: context.cursor }),
      onDone: {
        target: 'ready',
        description: 'The older page came: its messages are added below.',
        actions: assign(({ context, event }) => ({
          messages: [...context.messages, ...event.output.messages],
          cursor: event.output.cursor,
          error: null,
        })),
      },
      onError: {
        target: 'ready',
        description: 'Reading older messages failed: the list stays, the reason shows.',
        actions: 'recordError',
      },
    },
    on: {
      'queue.changed': {
        actions: 'markMissed',
        description: 'The outbox changed meanwhile: the list is read again once the page came.',
      },
    },
  }),
}
