import { defaultListOptions } from '../../../data/lists/options'
import type { ListActor } from '../../../kit/machines/list.machine'
import {
  userSelectionMachine,
  type UserSelectionEvent,
  type UserSelectionSnapshot,
} from '../machines/userSelection.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { ada, alan, grace } from './userList.fixtures'

// The list as the Users screen shows these three (by last name): what a shift-click ranges over.
// The paths need only its rows and options; the model test drives the real list.
const rows = [grace, ada, alan]
const list = {
  getSnapshot: () => ({ context: { rows, options: defaultListOptions('users') } }),
} as unknown as ListActor

const events = [
  { type: 'selection.toggle', id: ada.id },
  { type: 'selection.toggle', id: grace.id },
  { type: 'selection.range', id: alan.id },
  { type: 'selection.selectAll' },
  { type: 'selection.clear' },
  // A filter or a sync took Ada out of the list; then everyone left it.
  { type: 'selection.listChanged', ids: [grace.id, alan.id] },
  { type: 'selection.listChanged', ids: [] },
  { type: 'xstate.done.actor.resolveAll', output: rows.map((row) => row.id) },
  { type: 'xstate.error.actor.resolveAll', error: new Error('The cache could not be read.') },
] as unknown as UserSelectionEvent[]

const NAMES: Record<string, string> = {
  [ada.id]: 'Ada Lovelace',
  [grace.id]: 'Grace Hopper',
  [alan.id]: 'Alan Turing',
}
const selectedNames = (s: UserSelectionSnapshot) =>
  Object.keys(s.context.selected)
    .map((id) => NAMES[id] ?? id)
    .sort()

function shows(s: UserSelectionSnapshot): string {
  if (!s.hasTag('selected')) return 'No selection bar; every checkbox is clear'
  return [
    `'${s.context.count} selected'`,
    `checked: ${selectedNames(s).join(', ')}`,
    s.hasTag('busy') ? 'the actions wait while every match is read' : 'the actions are on',
  ].join('; ')
}

export const userSelectionPaths = definePaths({
  name: 'Selecting Ada Lovelace, Grace Hopper and Alan Turing',
  machine: userSelectionMachine,
  input: { list },
  events,
  // Which users are checked, where a range starts, and the step that led here.
  serializeState: withWayIn((s) => JSON.stringify([s.value, selectedNames(s), s.context.anchor])),
  shows,
  detail: (event) =>
    'id' in event
      ? `(${NAMES[event.id] ?? event.id})`
      : 'ids' in event
        ? `(${event.ids.length} left)`
        : undefined,
})

export const models = [userSelectionPaths]
