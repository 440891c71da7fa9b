import { ACCESS_MESSAGES } from '../../../../schema/access'
import { definePaths, withWayIn } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import {
  rolesScreenMachine,
  type RolesEvent,
  type RolesScreenSnapshot,
} from '../machines/rolesScreen.machine'
import { deleteWords } from '../machines/roles.messages'
import { allRoles, createdRole, pharmacyDesk, renamedRole } from './roles.fixtures'

/** A refusal of the server's, as a delete that failed shows it. */
export const deleteRefused = ACCESS_MESSAGES.builtInFixed

const events = [
  { type: 'roles.reload' },
  { type: 'roles.show', roleId: allRoles[2]!.id },
  { type: 'roles.create' },
  { type: 'roles.edit', roleId: pharmacyDesk.id },
  { type: 'roles.delete', roleId: pharmacyDesk.id },
  { type: 'roles.confirm' },
  { type: 'roles.cancel' },
  { type: 'xstate.done.actor.loadRoles', output: allRoles },
  { type: 'xstate.error.actor.loadRoles', error: refusal(503, 'The server is busy.') },
  { type: 'xstate.done.actor.roleEditor', output: createdRole },
  { type: 'xstate.done.actor.roleEditor', output: renamedRole },
  { type: 'xstate.done.actor.roleEditor', output: null },
  { type: 'xstate.done.actor.deleteRole', output: pharmacyDesk },
  { type: 'xstate.error.actor.deleteRole', error: refusal(403, deleteRefused) },
] as unknown as RolesEvent[]

function shows(s: RolesScreenSnapshot): string {
  if (s.matches('loading')) return "'Loading the roles…'"
  if (s.matches('failed')) return "'The roles could not be loaded: The server is busy.' and Retry"
  const parts = [
    `${s.context.roles.length} roles: ${s.context.roles.map((r) => r.name).join(', ')}`,
  ]
  if (s.context.shown)
    parts.push(`a phone shows ${s.context.roles.find((r) => r.id === s.context.shown)?.name}`)
  if (s.matches('editing'))
    parts.push(`the dialog '${s.context.target ? 'Edit role' : 'New role'}'`)
  if (s.hasTag('deleteDialog') && s.context.target)
    parts.push(
      `the dialog '${deleteWords(s.context.target).title}'${s.hasTag('busy') ? ' waits' : ''}${
        s.hasTag('error') ? ` with '${s.context.error}'` : ''
      }`,
    )
  return parts.join('; ')
}

/** What tells states apart: the state, the roles listed, a failed delete, a role picked. */
const key = (s: RolesScreenSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.roles.map((role) => role.name).join(),
    s.context.error !== null,
    // The role a phone shows: the one picked while it exists, else the first.
    s.context.shown && (s.context.roles.find((r) => r.id === s.context.shown)?.name ?? null),
  ])

/**
 * Only steps the machine takes, and few enough to stay quick: the roles are changed (saved or
 * deleted) once, from the list as it came; the editor ends with the role New role made, the
 * renamed role of Edit, or nothing (Cancel); a role is picked once.
 */
function filterEvents(s: RolesScreenSnapshot, event: RolesEvent): boolean {
  if (!s.can(event)) return false
  const asCame =
    s.context.roles.length === allRoles.length && s.context.roles.every((r, i) => r === allRoles[i])
  const output = (event as { output?: unknown }).output
  switch (event.type as string) {
    case 'xstate.done.actor.roleEditor':
      if (!output) return true
      return s.context.target === null ? output === createdRole : output === renamedRole
    case 'roles.create':
    case 'roles.edit':
      return asCame && s.context.error === null
    case 'roles.delete':
      return asCame
    case 'roles.show':
      return s.context.shown === null && s.matches('ready')
    default:
      return true
  }
}

export const rolesScreenPaths = definePaths({
  name: 'Roles',
  machine: rolesScreenMachine,
  events,
  serializeState: withWayIn(key),
  filterEvents,
  shows,
  detail: (event) =>
    'roleId' in event ? `(${allRoles.find((r) => r.id === event.roleId)?.name})` : undefined,
})

export const models = [rolesScreenPaths]
