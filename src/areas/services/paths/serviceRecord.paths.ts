import {
  serviceRecordMachine,
  type RecordEvent,
  type ServiceRecordSnapshot,
} from '../machines/serviceRecord.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { aService, savedService } from '../../../kit/fixtures/service.fixtures'
import { recordEvents, recordShows } from '../../../kit/paths/cacheRecord'

export const recordService = aService()
const renamed = savedService(recordService, { name: 'Customer Hub' })

const events = recordEvents('service', recordService, renamed) as unknown as RecordEvent[]

const shows = (s: ServiceRecordSnapshot) =>
  recordShows(s, {
    loading: "'Loading service…'",
    found: () => `The detail pane headed '${s.context.service?.name}'`,
    missing: "'Service not found. It may have been removed, or the link is wrong.'",
    failed: "'The service could not be read from this browser’s data.'",
  })

export const serviceRecordPaths = definePaths({
  name: 'The detail pane following the cache',
  machine: serviceRecordMachine,
  events,
  input: { id: recordService.id },
  serializeState: withWayIn((s) => JSON.stringify([s.value, s.context.service?.name ?? null])),
  shows,
  detail: (event) =>
    event.type === 'record.loaded' && event.service ? `(named “${event.service.name}”)` : undefined,
})

export const models = [serviceRecordPaths]
