import { fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Service } from '../../../../schema/service'
import { watchService } from '../../../data/db/services'
import { recordSays, recordStates } from '../../../kit/machines/cacheRecord.chart'

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

/** The chart's implementations (`serviceRecordMachine`). */
const recordSetup = setup({
  types: {
    context: {} as RecordContext,
    events: {} as RecordEvent,
    input: {} as RecordInput,
  },
  actors: { watchServiceRow },
  guards: {
    isFound: (_, service: Service | undefined) => service !== undefined,
  },
})

const loadedService = (event: RecordEvent) =>
  event.type === 'record.loaded' ? event.service : undefined

/**
 * One service as the local cache holds it (SPEC.md §1: screens read the local database): the
 * detail pane follows it live, so a save here, a sync batch or another tab all show at once.
 */
export const serviceRecordMachine = recordSetup.createMachine({
  id: 'serviceRecord',
  meta: { spec: ['§2.11'] },
  description: 'Follows one service in the identity cache.',
  context: ({ input }) => ({ id: input.id, service: null }),
  initial: 'watching',
  states: recordStates({
    watcher: 'watchServiceRow',
    rowOf: loadedService,
    keep: recordSetup.assign({ service: ({ event }) => loadedService(event) ?? null }),
    forget: recordSetup.assign({ service: null }),
    says: recordSays('service'),
  }),
})

export type ServiceRecordActor = ActorRefFrom<typeof serviceRecordMachine>
export type ServiceRecordSnapshot = SnapshotFrom<typeof serviceRecordMachine>
