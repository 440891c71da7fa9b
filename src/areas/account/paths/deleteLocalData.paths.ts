import {
  deleteLocalDataMachine,
  type DeleteLocalDataEvent,
  type DeleteLocalDataSnapshot,
} from '../machines/deleteLocalData.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { messageLine } from '../../../kit/paths/message'

const events = [
  { type: 'localData.delete' },
  { type: 'localData.confirm' },
  { type: 'localData.cancel' },
  { type: 'xstate.done.actor.deleteLocalData' },
  {
    type: 'xstate.error.actor.deleteLocalData',
    error: new Error('Another tab holds the database.'),
  },
] as unknown as DeleteLocalDataEvent[]

function shows(s: DeleteLocalDataSnapshot): string {
  if (s.matches('idle')) return 'The Delete Local Data button'
  if (s.matches('deleted')) return "The 'Admin Login' screen"
  return [
    "The dialog 'Are you sure you want to delete this local data?' (Deleting cannot be undone. You will be logged out.)",
    s.hasTag('busy') ? 'Cancel and Delete are off' : 'Cancel and Delete are on',
    messageLine(s),
  ].join('; ')
}

export const deleteLocalDataPaths = definePaths({
  name: 'Delete Local Data',
  machine: deleteLocalDataMachine,
  events,
  serializeState: withWayIn((s) => JSON.stringify([s.value, s.context.error])),
  shows,
})

export const models = [deleteLocalDataPaths]
