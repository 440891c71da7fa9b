import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { DashboardResults } from '../../../../schema/dashboard'
import { readDashboard } from '../../../data/api/dashboard'
import { listenForTopics } from '../../../data/sync/topics'
import { serverMessage } from '../../../kit/machines/notification.messages'

type DashboardContext = {
  figures: DashboardResults | null
  /** Why the last read failed, in words. */
  error: string | null
}

export type DashboardEvent =
  { type: 'dashboard.retry' } | { type: 'dashboard.refresh' } | { type: 'dashboard.changed' }

/** New audit events and outbox changes are told at most this often (sign-ins come in bursts). */
export const DASHBOARD_DEBOUNCE_MS = 2000

/**
 * The Dashboard (docs/dashboard.md): every figure read from GET /v1/dashboard; read again when the
 * change feed tells of new audit events or outbox changes (debounced), or when Refresh is pressed.
 * A failed first read offers Retry; a failed later one keeps the figures with the reason.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    loadFigures: fromPromise<DashboardResults>(({ signal }) => readDashboard({ signal })),
    listen: fromCallback<DashboardEvent>(({ sendBack }) =>
      listenForTopics(
        ['audit', 'outbox'],
        () => sendBack({ type: 'dashboard.changed' }),
        DASHBOARD_DEBOUNCE_MS,
      ),
    ),
  },
  actions: {
    recordError: assign({
      error: ({ event }) => serverMessage((event as { error?: unknown }).error),
    }),
  },
}).createMachine({
  id: 'dashboard',
  description: 'The Dashboard: sign-in figures, accounts and the queue, read from the server.',
  context: { figures: null, error: null },
  invoke: { id: 'listen', src: 'listen' },
  initial: 'loading',
  states: {
    loading: {
      description: "The figures are read; 'Loading the dashboard…' shows.",
      tags: ['busy'],
      invoke: {
        id: 'loadFigures',
        src: 'loadFigures',
        onDone: {
          target: 'ready',
          description: 'The figures came: the cards and charts show.',
          actions: assign({ figures: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          description: 'The read failed: the reason and Retry show.',
          actions: 'recordError',
        },
      },
    },
    failed: {
      description: "'The dashboard could not be loaded' with the reason and Retry.",
      tags: ['error'],
      on: { 'dashboard.retry': { target: 'loading', description: 'Retry was pressed.' } },
    },
    ready: {
      description: 'The figures as last read (with the reason when a later read failed).',
      on: {
        'dashboard.changed': {
          target: 'refreshing',
          description: 'The server told of new audit events or queue changes.',
        },
        'dashboard.refresh': { target: 'refreshing', description: 'Refresh was pressed.' },
      },
    },
    refreshing: {
      description: 'The figures stay while they are read again; Refresh waits.',
      tags: ['refreshing'],
      invoke: {
        id: 'refresh',
        src: 'loadFigures',
        onDone: {
          target: 'ready',
          description: 'The new figures replace the old.',
          actions: assign({ figures: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'ready',
          description: 'The read failed: the figures stay, with the reason.',
          actions: 'recordError',
        },
      },
      on: {
        'dashboard.changed': {
          target: 'refreshing',
          reenter: true,
          description: 'Another change came while reading: read once more.',
        },
      },
    },
  },
})

export type DashboardActor = ActorRefFrom<typeof dashboardMachine>
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>
