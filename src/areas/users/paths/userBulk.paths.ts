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
import type { Group } from '../../../../schema/access'

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
  if (s.context.action === 'add-to-group') return showsGroup(s)
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
  // Lock's dialog has no group to pick (the group actions' model picks one).
  filterEvents: (_, event) => event.type !== 'bulk.pickGroup',
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

const aGroup = (id: string, name: string, members: number): Group => ({
  id,
  name,
  description: '',
  members,
  createdAt: '2026-01-01T12:00:00.000Z',
  updatedAt: '2026-01-01T12:00:00.000Z',
})

/** The groups the Add to group dialog offers. */
export const bulkGroups = [
  aGroup('0192f0c4-2222-7000-a000-000000000001', 'Night shift', 4),
  aGroup('0192f0c4-2222-7000-a000-000000000002', 'Pharmacy staff', 0),
]
const pharmacy = bulkGroups[1]!

const groupEvents = [
  { type: 'bulk.choose', action: 'add-to-group', ids },
  { type: 'bulk.pickGroup', groupId: pharmacy.id },
  { type: 'bulk.confirm' },
  { type: 'bulk.cancel' },
  { type: 'bulk.progress', sent: 2 },
  { type: 'xstate.done.actor.readGroups', output: bulkGroups },
  { type: 'xstate.error.actor.readGroups', error: unavailable },
  {
    type: 'xstate.done.actor.runBulk',
    output: { done: [grace.id], refused: [{ id: ada.id, reason: 'already a member' }] },
  },
  { type: 'xstate.error.actor.runBulk', error: unavailable },
] as unknown as UserBulkEvent[]

function showsGroup(s: UserBulkSnapshot): string {
  const chosen = s.context.groups?.find((group) => group.id === s.context.groupId)
  return [
    `'${bulkTitle('add-to-group', s.context.ids.length)}'`,
    s.context.groups === null
      ? s.hasTag('busy')
        ? 'the groups are read'
        : 'Try again and Cancel'
      : chosen
        ? `${chosen.name} is chosen`
        : 'no group chosen; Add is off',
    s.hasTag('busy') && s.context.groups ? `${s.context.sent} of ${s.context.ids.length} sent` : '',
    messageLine(s),
  ]
    .filter(Boolean)
    .join('; ')
}

export const userBulkGroupPaths = definePaths({
  name: 'Adding Ada Lovelace and Grace Hopper to Pharmacy staff (Ada was in it already)',
  machine: userBulkMachine,
  events: groupEvents,
  // 'Add' waits for a group: pressing it before one is chosen does nothing.
  filterEvents: (s, event) => s.can(event),
  serializeState: withWayIn((s) =>
    JSON.stringify([
      s.value,
      s.context.sent,
      s.context.error,
      s.context.results,
      s.context.groups?.length ?? null,
      s.context.groupId,
    ]),
  ),
  shows,
  detail: (event) =>
    event.type === 'bulk.choose'
      ? `(${event.action}, ${event.ids.length} users)`
      : event.type === 'bulk.pickGroup'
        ? `(${pharmacy.name})`
        : event.type === 'bulk.progress'
          ? `(${event.sent} sent)`
          : undefined,
})

export const models = [userBulkPaths, userBulkGroupPaths]
