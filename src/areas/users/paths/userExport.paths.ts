import { defaultListOptions } from '../../../data/lists/options'
import type { ListActor } from '../../../kit/machines/list.machine'
import {
  userExportMachine,
  type UserExportEvent,
  type UserExportSnapshot,
} from '../machines/userExport.machine'
import { definePaths } from '../../../flows/model'
import { ada, alan, grace } from './userList.fixtures'

// The list's options are all the chart reads of it; the model test drives the real list.
const list = {
  getSnapshot: () => ({ context: { options: defaultListOptions('users') } }),
} as unknown as ListActor

const events = [
  { type: 'export.start' },
  { type: 'xstate.done.actor.readMatching', output: [grace, ada, alan] },
  { type: 'xstate.error.actor.readMatching', error: new Error('The cache could not be read.') },
] as unknown as UserExportEvent[]

const shows = (s: UserExportSnapshot) =>
  s.hasTag('busy') ? "'Export CSV' waits" : "'Export CSV' is on"

export const userExportPaths = definePaths({
  name: 'Exporting Grace Hopper, Ada Lovelace and Alan Turing',
  machine: userExportMachine,
  input: { list, write: () => undefined },
  events,
  serializeState: (s, event, previous) =>
    JSON.stringify(s.value) +
    (event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : ''),
  shows,
})

export const models = [userExportPaths]
