import { ACCESS_MESSAGES } from '../../../../schema/access'
import { definePaths, withWayIn } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'
import {
  groupFormMachine,
  type GroupFormEvent,
  type GroupFormSnapshot,
} from '../machines/groupForm.machine'
import { nightShift, pharmacy } from './groups.fixtures'

export const nameTaken = refusal(422, ACCESS_MESSAGES.groupNameTaken)

const events = [
  { type: 'groupForm.new' },
  { type: 'groupForm.change', group: nightShift },
  { type: 'groupForm.edit', field: 'name', value: 'Pharmacy staff' },
  { type: 'groupForm.save' },
  { type: 'groupForm.cancel' },
  { type: 'xstate.done.actor.saveGroup', output: pharmacy },
  { type: 'xstate.error.actor.saveGroup', error: nameTaken },
] as unknown as GroupFormEvent[]

function shows(s: GroupFormSnapshot): string {
  if (!s.hasTag('open')) return "No dialog; 'New group'"
  const { group, fields } = s.context
  return [
    `'${group ? 'Edit group' : 'New group'}'`,
    `Name “${fields.name}”`,
    s.hasTag('busy')
      ? 'the form waits'
      : s.can({ type: 'groupForm.save' })
        ? 'Save is on'
        : 'Save is off',
    messageLine(s),
  ].join('; ')
}

export const groupFormPaths = definePaths({
  name: 'Creating Pharmacy staff, and renaming Night shift',
  machine: groupFormMachine,
  events,
  filterEvents: (s, event) => s.can(event),
  serializeState: withWayIn((s) =>
    JSON.stringify([s.value, s.context.group?.id ?? null, s.context.fields.name, s.context.error]),
  ),
  shows,
  detail: (event) =>
    event.type === 'groupForm.edit'
      ? `(${event.field} “${event.value}”)`
      : event.type === 'groupForm.change'
        ? `(${event.group.name})`
        : undefined,
})

export const models = [groupFormPaths]
