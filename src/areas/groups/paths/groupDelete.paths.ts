import { definePaths, withWayIn } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'
import {
  groupDeleteMachine,
  type GroupDeleteEvent,
  type GroupDeleteSnapshot,
} from '../machines/groupDelete.machine'
import { deleteText, deleteTitle } from '../machines/groups.messages'
import { nightShift } from './groups.fixtures'

const events = [
  { type: 'groupDelete.ask', group: nightShift },
  { type: 'groupDelete.confirm' },
  { type: 'groupDelete.cancel' },
  { type: 'xstate.done.actor.removeGroup', output: nightShift },
  { type: 'xstate.error.actor.removeGroup', error: refusal(503, 'The server is busy.') },
] as unknown as GroupDeleteEvent[]

const shows = (s: GroupDeleteSnapshot) =>
  s.hasTag('open')
    ? [
        `'${deleteTitle(s.context.group)}'`,
        `'${deleteText(s.context.group)}'`,
        s.hasTag('busy') ? 'Delete spins' : 'Delete and Cancel are on',
        messageLine(s),
      ].join('; ')
    : 'No dialog'

export const groupDeletePaths = definePaths({
  name: 'Deleting Night shift (2 members)',
  machine: groupDeleteMachine,
  events,
  serializeState: withWayIn((s) => JSON.stringify([s.value, s.context.error])),
  shows,
})

export const models = [groupDeletePaths]
