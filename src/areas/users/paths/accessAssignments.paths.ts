import {
  accessAssignmentsMachine,
  type AccessAssignmentsSnapshot,
  type AssignmentsEvent,
} from '../machines/accessAssignments.machine'
import { assignmentText } from '../machines/accessAssignments.messages'
import { coveringPaths } from '../../../flows/covering'
import { definePaths } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'
import {
  accessUser,
  auditor,
  firstRead,
  held,
  helpDesk,
  laterRead,
  nurses,
  pharmacy,
  serviceOwner,
} from './access.fixtures'
import { savedUserOf } from './userDetail.fixtures'

export const input = { user: accessUser, held }
export const ceilingRefusal = refusal(
  422,
  'You cannot grant a role with permissions you do not hold yourself.',
)
export const readFailure = refusal(503, 'The server is busy.')
export const groupsRefusal = refusal(404, 'There is no such group.')

// The first read answers the user's access as it was; a read after a change, with Help desk added.
function events(s: AccessAssignmentsSnapshot): AssignmentsEvent[] {
  return [
    { type: 'access.retry' },
    { type: 'access.changed' },
    { type: 'roles.picked', roleId: helpDesk.id },
    { type: 'roles.picked', roleId: serviceOwner.id },
    { type: 'roles.scoped', groupId: pharmacy.id },
    { type: 'roles.add' },
    { type: 'roles.remove', roleId: auditor.id, groupId: null },
    { type: 'groups.picked', groupId: nurses.id },
    { type: 'groups.add' },
    { type: 'groups.remove', groupId: pharmacy.id },
    {
      type: 'xstate.done.actor.loadAccess',
      output: s.context.read === null ? firstRead : laterRead,
    },
    { type: 'xstate.error.actor.loadAccess', error: readFailure },
    { type: 'xstate.done.actor.saveRoles', output: savedUserOf(accessUser, {}) },
    { type: 'xstate.error.actor.saveRoles', error: ceilingRefusal },
    { type: 'xstate.done.actor.saveGroups', output: savedUserOf(accessUser, {}) },
    { type: 'xstate.error.actor.saveGroups', error: groupsRefusal },
  ] as unknown as AssignmentsEvent[]
}

function shows(s: AccessAssignmentsSnapshot): string {
  const { read, role, scope, group } = s.context
  if (!read) return s.hasTag('error') ? `“${s.context.error}” with Retry` : "'Loading access…'"
  const roles = read.access.assignments.map(assignmentText).join(', ') || 'none'
  const groups = read.access.groups.map((g) => g.name).join(', ') || 'none'
  const picks = [
    role ? `Role ${read.roles.find((r) => r.id === role)?.name}` : 'no role chosen',
    scope ? `scope ${read.groups.find((g) => g.id === scope)?.name}` : 'scope Everywhere',
    group ? `group ${read.groups.find((g) => g.id === group)?.name}` : 'no group chosen',
  ]
  const waits = s.hasTag('busy') ? 'the buttons wait' : 'the buttons are on'
  return [`Roles: ${roles}`, `Groups: ${groups}`, ...picks, waits, messageLine(s)].join('; ')
}

const facts = (s: AccessAssignmentsSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.read === null ? 0 : s.context.read.access.assignments.length,
    s.context.role,
    s.context.scope,
    s.context.group,
    s.context.error !== null,
  ])

export const accessAssignmentsPaths = definePaths({
  name: "A user's roles and groups",
  machine: accessAssignmentsMachine,
  events,
  input,
  // The way in counts, so that each transition is some path's last step.
  serializeState: (s, event, previous) =>
    facts(s) +
    (event && previous && facts(previous) !== facts(s)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
  // Only what the screen can send: a button that is off sends nothing.
  filterEvents: (s, event) => s.can(event),
  // The later read ends the exploration: a second round of the same changes is no new transition.
  stopWhen: (s) => s.context.read?.access.assignments.length === 2 && s.matches('ready'),
  // Each path is driven through the real screen: the few that together take every transition.
  select: (paths) => coveringPaths(accessAssignmentsMachine, input, paths),
  shows,
  detail: (event) => {
    if (event.type === 'roles.picked')
      return `(${event.roleId === helpDesk.id ? helpDesk.name : serviceOwner.name})`
    if (event.type === 'roles.scoped') return event.groupId ? `(${pharmacy.name})` : '(Everywhere)'
    if (event.type === 'groups.picked') return `(${nurses.name})`
    if (event.type === 'roles.remove') return `(${auditor.name})`
    if (event.type === 'groups.remove') return `(${pharmacy.name})`
    return undefined
  },
})

export const models = [accessAssignmentsPaths]
