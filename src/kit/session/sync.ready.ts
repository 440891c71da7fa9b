import { assign } from 'xstate'
import { syncSetup } from './sync.setup'

/** The caches are loaded: change notices are debounced and pulled, and a failed pull retried. */
export const readyState = syncSetup.createStateConfig({
  description: 'Both caches are loaded; change notices are pulled as they come.',
  tags: ['ready'],
  initial: 'idle',
  states: {
    idle: {
      description: 'Up to date as far as the server has told.',
      // Notices heard while loading are pulled now, in the background.
      always: {
        guard: 'hasPending',
        target: 'debouncing',
        description: 'Notices came while loading: their collections are pulled now.',
      },
      on: {
        'sync.connected': {
          target: 'debouncing',
          actions: 'queueAll',
          description: 'The stream reconnected: notices sent while it was away are lost.',
        },
        'sync.changed': {
          target: 'debouncing',
          actions: 'queueChanges',
          description: 'The server named collections that changed.',
        },
      },
    },
    debouncing: {
      description: 'Waits 120 ms for more notices so that a burst of changes costs one pull.',
      after: {
        changeDebounce: {
          target: 'pulling',
          description: '120 ms passed without another notice.',
        },
      },
      on: {
        'sync.changed': {
          target: 'debouncing',
          reenter: true,
          actions: 'queueChanges',
          description: 'Another notice came: the wait starts again.',
        },
        'sync.connected': {
          target: 'debouncing',
          reenter: true,
          actions: 'queueAll',
          description: 'The stream reconnected: every collection is pulled, after the wait.',
        },
      },
    },
    pulling: {
      description: 'Pulls the changed collections from their stored cursors.',
      tags: ['busy'],
      entry: 'startPull',
      invoke: {
        id: 'pullChanges',
        src: 'pullChanges',
        input: ({ context }) => ({ collections: context.pulling }),
        onDone: [
          {
            guard: 'hasPending',
            target: 'debouncing',
            actions: assign({ pulling: [] }),
            description: 'The pull finished; notices came meanwhile, so another pull follows.',
          },
          {
            target: 'idle',
            actions: assign({ pulling: [] }),
            description: 'The pull finished; nothing else changed.',
          },
        ],
        onError: {
          target: 'stale',
          actions: ['requeuePull', 'recordError'],
          description: 'The pull failed; its collections are kept for the next try.',
        },
      },
      on: {
        'sync.changed': {
          actions: 'queueChanges',
          description: 'A notice came during the pull: pulled after it.',
        },
      },
    },
    stale: {
      description:
        'A pull failed or the change stream is down: the caches show what they had and pull again shortly.',
      tags: ['error'],
      after: {
        staleRetry: {
          target: 'pulling',
          description: '5 seconds passed: the pull is tried again.',
        },
      },
      on: {
        'sync.retry': { target: 'pulling', description: 'Try the pull again now.' },
        'sync.changed': {
          actions: 'queueChanges',
          description: 'A notice came while stale: pulled with the next try.',
        },
      },
    },
  },
})
