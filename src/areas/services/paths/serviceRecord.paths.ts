import {
  serviceRecordMachine,
  type RecordEvent,
  type ServiceRecordSnapshot,
} from '../machines/serviceRecord.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { aService, savedService } from '../../../kit/fixtures/service.fixtures'

export const recordService = aService()
const renamed = savedService(recordService, { name: 'Customer Hub' })

const events = [
  { type: 'record.loaded', service: recordService },
  { type: 'record.loaded', service: renamed },
  { type: 'record.loaded', service: undefined },
  { type: 'record.failed', error: new Error('The database is closed.') },
] as unknown as RecordEvent[]

function shows(s: ServiceRecordSnapshot): string {
  if (s.matches({ watching: 'loading' })) return "'Loading service…'"
  if (s.matches({ watching: 'found' })) return `The detail pane headed '${s.context.service?.name}'`
  if (s.matches({ watching: 'missing' }))
    return "'Service not found. It may have been removed, or the link is wrong.'"
  return "'The service could not be read from this browser’s data.'"
}

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
