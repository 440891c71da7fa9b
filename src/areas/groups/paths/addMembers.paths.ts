import { definePaths, withWayIn } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'
import {
  addMembersMachine,
  type AddMembersEvent,
  type AddMembersSnapshot,
  type PickerMatch,
} from '../machines/addMembers.machine'
import { membersChanged, pharmacy } from './groups.fixtures'

/** What the cache finds for 'a': Ada Lovelace and Alan Turing (of three). */
export const adaMatch: PickerMatch = {
  id: '0192f0c4-1111-7000-a000-000000000000',
  name: 'Ada Lovelace',
  detail: 'ada@example.com',
  deleted: false,
}
export const alanMatch: PickerMatch = {
  id: '0192f0c4-1111-7000-a000-000000000002',
  name: 'Alan Turing',
  detail: 'alan@example.com',
  deleted: false,
}
export const found = { matches: [adaMatch, alanMatch], count: 3 }
export const added = membersChanged({ ...pharmacy, members: 1 }, [adaMatch.id])

const events = [
  { type: 'addMembers.open' },
  { type: 'addMembers.type', text: 'a' },
  { type: 'addMembers.type', text: '' },
  { type: 'addMembers.toggle', match: adaMatch },
  { type: 'addMembers.add' },
  { type: 'addMembers.cancel' },
  { type: 'xstate.after.searchDebounce.addMembers.open.waiting' },
  { type: 'xstate.done.actor.searchUsers', output: found },
  { type: 'xstate.error.actor.searchUsers', error: new Error('The database is closed.') },
  { type: 'xstate.done.actor.addChosen', output: added },
  { type: 'xstate.error.actor.addChosen', error: refusal(503, 'The server is busy.') },
] as unknown as AddMembersEvent[]

function shows(s: AddMembersSnapshot): string {
  if (!s.hasTag('open')) return "No dialog; 'Add members'"
  const { text, matches, chosen } = s.context
  return [
    text ? `the box holds “${text}”` : 'the box is empty',
    s.hasTag('searching')
      ? 'a spinner'
      : matches.length
        ? `offered: ${matches.map((m) => m.name).join(', ')}`
        : '',
    chosen.length ? `ticked: ${chosen.map((m) => m.name).join(', ')}; Add is on` : 'Add is off',
    messageLine(s),
  ]
    .filter(Boolean)
    .join('; ')
}

export const addMembersPaths = definePaths({
  name: 'Adding Ada Lovelace to Pharmacy staff',
  machine: addMembersMachine,
  input: { groupId: pharmacy.id },
  events,
  // A user is ticked only once the search lists them (or they are ticked already).
  filterEvents: (s, event) =>
    s.can(event) &&
    (event.type !== 'addMembers.toggle' ||
      [...s.context.matches, ...s.context.chosen].some((m) => m.id === event.match.id)) &&
    // The box changes only to another text.
    (event.type !== 'addMembers.type' || event.text !== s.context.text),
  serializeState: withWayIn((s) =>
    JSON.stringify([s.value, s.context.text, s.context.chosen.length > 0]),
  ),
  shows,
  detail: (event) =>
    event.type === 'addMembers.type'
      ? `(“${event.text}”)`
      : event.type === 'addMembers.toggle'
        ? `(${event.match.name})`
        : undefined,
})

export const models = [addMembersPaths]
