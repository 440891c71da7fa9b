import {
  edited,
  isSameAccess,
  userAccessMachine,
  type AccessEvent,
  type UserAccessSnapshot,
} from '../machines/userAccess.machine'
import { definePaths } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { aUser, savedUserOf } from './userDetail.fixtures'
import { messageLine } from '../../../kit/paths/message'
import { typed } from '../../../kit/paths/typed'

/** The user whose access is edited: EXTERNAL with sessions.read. */
export const accessUser = aUser()
export const lastAdminRefusal = refusal(
  422,
  'There must remain at least one active administrator (a user with users.write who is not locked or disabled).',
)

// The server saves what was sent: the type, and the direct grants (with no role, the user's
// effective permissions are those).
const events = (s: UserAccessSnapshot) =>
  [
    ...typed('access.typeChanged', 'INTERNAL', 'EXTERNAL'),
    { type: 'access.permissionToggled', permission: 'users.write', on: true },
    { type: 'access.permissionToggled', permission: 'users.write', on: false },
    { type: 'access.save' },
    {
      type: 'xstate.done.actor.saveAccess',
      output: savedUserOf(accessUser, {
        type: s.context.draft.type,
        permissions: s.context.draft.permissions,
      }),
    },
    { type: 'xstate.error.actor.saveAccess', error: lastAdminRefusal },
  ] as unknown as AccessEvent[]

function shows(s: UserAccessSnapshot): string {
  const { draft } = s.context
  const form = `Type ${draft.type === 'INTERNAL' ? 'Internal' : 'External'}; ticked: ${draft.permissions.join(', ') || 'none'}`
  const button = s.hasTag('busy')
    ? 'Save access waits'
    : s.can({ type: 'access.save' })
      ? 'Save access is on'
      : 'Save access is off'
  return [form, button, messageLine(s)].join('; ')
}

export const userAccessPaths = definePaths({
  name: "A user's access",
  machine: userAccessMachine,
  events,
  input: { user: accessUser },
  // The draft counts, and the kind of edit that led there: an edit that undoes the last one, or
  // leaves the form as it was, is a step of its own, so that its transition is walked.
  serializeState: (s, event, previous) =>
    JSON.stringify([s.value, s.context.draft, s.context.saved, s.context.error]) +
    (event?.type.startsWith('access.') && previous
      ? ` after ${event.type} in ${JSON.stringify(previous.value)}`
      : ''),
  // A click on the radio already chosen, or a box already so, sends nothing: no such step.
  filterEvents: (s, event) =>
    !event.type.startsWith('access.') ||
    event.type === 'access.save' ||
    !isSameAccess(edited(s.context.draft, event), s.context.draft),
  // One permission is enough to walk every transition; a saved answer ends the exploration.
  stopWhen: (s) =>
    s.matches('clean') &&
    !isSameAccess(s.context.saved, { type: accessUser.type, permissions: accessUser.permissions }),
  shows,
  detail: (event) =>
    event.type === 'access.typeChanged'
      ? `(${event.value})`
      : event.type === 'access.permissionToggled'
        ? `(${event.permission} ${event.on ? 'ticked' : 'cleared'})`
        : undefined,
})

export const models = [userAccessPaths]
