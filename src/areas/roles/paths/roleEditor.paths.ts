import type { Role } from '../../../../schema/access'
import { definePaths, withWayIn, type PathsModel } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import {
  roleEditorMachine,
  type RoleEditorEvent,
  type RoleEditorSnapshot,
} from '../machines/roleEditor.machine'
import { createdRole, pharmacyDesk, renamedRole } from './roles.fixtures'

export const NAME_TAKEN = 'A role with this name exists already.'
export const CEILING = 'You cannot give a role permissions you do not hold yourself.'

/** The steps of a form: a name typed, a permission ticked, Save and its answers, Cancel. */
const eventsFor = (name: string, saved: Role) =>
  [
    { type: 'roleEditor.edit', field: 'name', value: name },
    { type: 'roleEditor.toggle', permission: 'logs.read', on: true },
    { type: 'roleEditor.save' },
    { type: 'roleEditor.cancel' },
    { type: 'xstate.done.actor.saveRole', output: saved },
    { type: 'xstate.error.actor.saveRole', error: refusal(422, NAME_TAKEN) },
    { type: 'xstate.error.actor.saveRole', error: refusal(422, CEILING) },
  ] as unknown as RoleEditorEvent[]

function shows(s: RoleEditorSnapshot): string {
  const { fields, role } = s.context
  if (s.status === 'done')
    return s.context.saved ? 'The dialog closed; the role shows' : 'The dialog closed'
  const parts = [
    `'${role ? 'Edit role' : 'New role'}' with the name '${fields.name}'`,
    `${fields.permissions.length} permissions ticked`,
    s.can({ type: 'roleEditor.save' })
      ? `'${role ? 'Save' : 'Create'}' is on`
      : `'${role ? 'Save' : 'Create'}' is off`,
  ]
  if (s.hasTag('busy')) parts.push('the form waits')
  if (s.hasTag('error')) parts.push(`'${s.context.error}'`)
  return parts.join('; ')
}

/** The state, the form as it reads, and the refusal that shows. */
const key = (s: RoleEditorSnapshot) => JSON.stringify([s.value, s.context.fields, s.context.error])

/** An edit changes the form (the name typed once, the permission ticked once). */
function filterEvents(s: RoleEditorSnapshot, event: RoleEditorEvent): boolean {
  if (!s.can(event)) return false
  const { fields } = s.context
  if (event.type === 'roleEditor.toggle') return !fields.permissions.includes(event.permission)
  if (event.type === 'roleEditor.edit') return event.value !== fields.name
  return true
}

const model = (name: string, role: Role | null, typed: string, saved: Role) =>
  definePaths({
    name,
    machine: roleEditorMachine,
    input: { role },
    events: eventsFor(typed, saved),
    serializeState: withWayIn(key),
    filterEvents,
    shows,
  })

export const newRolePaths = model('New role', null, createdRole.name, createdRole)
export const editRolePaths = model('Edit role', pharmacyDesk, renamedRole.name, renamedRole)

export const models: PathsModel<typeof roleEditorMachine>[] = [newRolePaths, editRolePaths]
