import { definePaths, withWayIn } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import {
  groupsPageMachine,
  type GroupsPageEvent,
  type GroupsPageSnapshot,
} from '../machines/groupsPage.machine'
import { matchingGroups } from '../machines/groups.selectors'
import { aGroup, groups, nightShift, pharmacy } from './groups.fixtures'

/** A group created on this screen (New group), and Night shift renamed. */
export const created = aGroup('0192f0c4-3333-7000-a000-000000000003', 'Wards', 0)
export const renamed = { ...nightShift, name: 'Night rota' }

const events = [
  { type: 'groups.retry' },
  { type: 'groups.search', text: 'pharm' },
  { type: 'groups.select', id: pharmacy.id },
  { type: 'groups.saved', group: created },
  { type: 'groups.saved', group: renamed },
  { type: 'groups.removed', id: pharmacy.id },
  { type: 'groups.removed', id: nightShift.id },
  { type: 'xstate.done.actor.loadGroups', output: groups },
  { type: 'xstate.error.actor.loadGroups', error: refusal(503, 'The server is busy.') },
] as unknown as GroupsPageEvent[]

function shows(s: GroupsPageSnapshot): string {
  if (s.hasTag('busy')) return "'Loading groups…'"
  if (s.hasTag('error')) return `'The groups could not be loaded: ${s.context.error}' and Retry`
  const listed = matchingGroups(s.context.groups, s.context.text).map((g) => g.name)
  const selected = s.context.groups.find((g) => g.id === s.context.selectedId)
  return [
    s.context.groups.length === 0
      ? "'No groups yet'"
      : `the list: ${listed.join(', ') || 'none match'}`,
    selected ? `${selected.name}'s members beside it` : "'Choose a group to see its members'",
  ].join('; ')
}

export const groupsPagePaths = definePaths({
  name: 'The Groups screen with Night shift and Pharmacy staff',
  machine: groupsPageMachine,
  events,
  // Pharmacy staff is deleted while selected, Night shift while not: one path each.
  filterEvents: (s, event) =>
    s.can(event) &&
    (event.type !== 'groups.removed' ||
      (event.id === pharmacy.id) === (s.context.selectedId === pharmacy.id)),
  serializeState: withWayIn((s) =>
    JSON.stringify([
      s.value,
      s.context.groups.map((g) => g.name),
      s.context.text,
      s.context.selectedId,
    ]),
  ),
  shows,
  detail: (event) =>
    event.type === 'groups.search'
      ? `(“${event.text}”)`
      : event.type === 'groups.saved'
        ? `(${event.group.name})`
        : undefined,
})

export const models = [groupsPagePaths]
