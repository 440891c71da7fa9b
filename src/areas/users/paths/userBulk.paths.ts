import { ApiError } from '../../../data/api/ApiError'
import {
  userBulkMachine,
  type UserBulkEvent,
  type UserBulkSnapshot,
} from '../machines/userBulk.machine'
import { bulkTitle } from '../machines/userBulk.messages'
import { definePaths, withWayIn } from '../../../flows/model'
import { ada, grace } from './userList.fixtures'
import { messageLine } from '../../../kit/paths/message'

const ids = [ada.id, grace.id]
const unavailable = new ApiError(503, 503, 'The service is unavailable.')

const events = [
  { type: 'bulk.choose', action: 'lock', ids },
  { type: 'bulk.confirm' },
  { type: 'bulk.cancel' },
  { type: 'bulk.progress', sent: 2 },
  {
    type: 'xstate.done.actor.runBulk',
    output: { done: [grace.id], refused: [{ id: ada.id, reason: 'your own account' }] },
  },
  { type: 'xstate.error.actor.runBulk', error: unavailable },
] as unknown as UserBulkEvent[]

function shows(s: UserBulkSnapshot): string {
  if (!s.hasTag('open')) return 'The selection bar; no dialog'
  return [
    `'${bulkTitle(s.context.action ?? 'lock', s.context.ids.length)}'`,
    s.hasTag('busy')
      ? `${s.context.sent} of ${s.context.ids.length} sent`
      : 'Lock and Cancel are on',
    messageLine(s),
  ].join('; ')
}

export const userBulkPaths = definePaths({
  name: 'Locking Ada Lovelace and Grace Hopper (Ada is the signed-in administrator)',
  machine: userBulkMachine,
  events,
  serializeState: withWayIn((s) =>
    JSON.stringify([s.value, s.context.sent, s.context.error, s.context.results]),
  ),
  shows,
  detail: (event) =>
    event.type === 'bulk.choose'
      ? `(${event.action}, ${event.ids.length} users)`
      : event.type === 'bulk.progress'
        ? `(${event.sent} sent)`
        : undefined,
})

export const models = [userBulkPaths]
