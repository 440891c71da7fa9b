import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Service } from '../../../../schema/service'
import { watchService } from '../../../data/db/services'

type RecordContext = { id: string; service: Service | null }

export type RecordEvent =
  | { type: 'record.loaded'; service: Service | undefined }
  | { type: 'record.failed'; error: unknown }

export type RecordInput = { id: string }

/** Sends 'record.loaded' with the cached row now and after every change to it. */
const watchServiceRow = fromCallback<RecordEvent, { id: string }>(({ input, sendBack }) =>
  watchService(input.id, {
    next: (service) => sendBack({ type: 'record.loaded', service }),
    error: (error) => sendBack({ type: 'record.failed', error }),
  }),
)

/**
 * One service as the local cache holds it (SPEC.md §1: screens read the local database): the
 * detail pane follows it live, so a save here, a sync batch or another tab all show at once.
 */
export const serviceRecordMachine = setup({
  types: {
    context: {} as RecordContext,
    events: {} as RecordEvent,
    input: {} as RecordInput,
  },
  actors: { watchServiceRow },
  guards: {
    isFound: (_, service: Service | undefined) => service !== undefined,
  },
}).createMachine({
  id: 'serviceRecord',
  description: 'Follows one service in the identity cache.',
  context: ({ input }) => ({ id: input.id, service: null }),
  initial: 'watching',
  states: {
    watching: {
      description: 'The pane follows the row in the cache: read now and after every change.',
      invoke: {
        id: 'watchServiceRow',
        src: 'watchServiceRow',
        input: ({ context }) => ({ id: context.id }),
        // No onError: the watch reports a failed read as 'record.failed' and never throws.
      },
      on: {
        'record.loaded': [
          {
            guard: { type: 'isFound', params: ({ event }) => event.service },
            target: '.found',
            description:
              'The cache read returned the service (the first read, or one after a change).',
            actions: assign({ service: ({ event }) => event.service ?? null }),
          },
          {
            target: '.missing',
            description: 'The cache read returned no service with this id.',
            actions: assign({ service: null }),
          },
        ],
        'record.failed': { target: 'failed', description: 'Reading the cache failed.' },
      },
      initial: 'loading',
      states: {
        loading: { description: 'The first read of the cache.', tags: ['busy'] },
        found: { description: 'The service is shown.' },
        missing: { description: "'Service not found': no such id in the cache." },
      },
    },
    failed: {
      description: 'The cache could not be read (the watch ends); the pane says so.',
      tags: ['error'],
      type: 'final',
    },
  },
})

export type ServiceRecordActor = ActorRefFrom<typeof serviceRecordMachine>
export type ServiceRecordSnapshot = SnapshotFrom<typeof serviceRecordMachine>
