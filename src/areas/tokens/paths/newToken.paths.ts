import { ACCESS_MESSAGES } from '../../../../schema/access'
import {
  newTokenMachine,
  type NewTokenEvent,
  type NewTokenSnapshot,
} from '../machines/newToken.machine'
import { dateBounds } from '../machines/newToken.rules'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { coveringPaths } from '../../../flows/covering'
import { definePaths } from '../../../flows/model'
import { typed } from '../../../kit/paths/typed'
import {
  AUDITOR_HELD,
  createdToken,
  GROUP_PHARMACY,
  GROUPS,
  ROLE_AUDITOR,
  ROLES,
  TOKEN_SECRET,
} from './tokens.fixtures'

export * from './tokens.fixtures'

/** A date the dialog accepts (two months away), and one past the year it allows. */
export const GOOD_DATE = (() => {
  const d = new Date()
  d.setMonth(d.getMonth() + 2)
  return dateBounds(d.getTime()).min
})()
export const FAR_DATE = (() => {
  const d = new Date()
  d.setFullYear(d.getFullYear() + 2)
  return dateBounds(d.getTime()).min
})()

const events = [
  { type: 'newToken.open' },
  { type: 'xstate.done.actor.loadChoices', output: { roles: ROLES, groups: GROUPS } },
  { type: 'xstate.error.actor.loadChoices', error: offline },
  { type: 'newToken.retry' },
  { type: 'newToken.cancel' },
  ...typed('newToken.name', 'Reports', ''),
  { type: 'newToken.role', roleId: ROLE_AUDITOR, on: true },
  { type: 'newToken.permission', permission: 'users.read', on: true },
  { type: 'newToken.group', groupId: GROUP_PHARMACY },
  { type: 'newToken.expiry', expiry: 'date' },
  { type: 'newToken.expiry', expiry: '90' },
  ...typed('newToken.date', FAR_DATE, GOOD_DATE),
  { type: 'newToken.create' },
  { type: 'xstate.done.actor.createToken', output: { token: createdToken, secret: TOKEN_SECRET } },
  {
    type: 'xstate.error.actor.createToken',
    error: failure(422, 422, ACCESS_MESSAGES.scopeNotUsers),
  },
  { type: 'newToken.done' },
] as unknown as NewTokenEvent[]

function shows(s: NewTokenSnapshot): string | undefined {
  if (s.matches('closed')) return "The 'New token' button"
  if (s.matches('loading')) return "'Loading the roles and groups…'"
  if (s.matches('unavailable')) return `The reason (“${s.context.error}”) and Try again`
  if (s.matches('shown'))
    return "The secret with Copy and 'Copy this token now. You will not be able to see it again.'"
  const f = s.context.fields
  const parts = [
    `the roles ${s.context.roles.map((r) => r.name).join(', ') || 'none'}`,
    f.name ? `the name “${f.name}”` : 'no name',
    `${f.roles.length} role(s) and ${f.permissions.length} permission(s) checked`,
    f.groupId ? 'limited to Pharmacy staff' : 'All users',
    f.expiry === 'date' ? `until ${f.date || 'a date to choose'}` : `for ${f.expiry} days`,
  ]
  if (s.hasTag('error')) parts.push(`the dialog says “${s.context.error}”`)
  parts.push(s.can({ type: 'newToken.create' }) ? 'Create is on' : 'Create is off')
  if (s.matches('creating')) parts.push('Create waits')
  return parts.join('; ')
}

const fieldsKey = (s: NewTokenSnapshot) => {
  const f = s.context.fields
  return [f.name, f.roles.length, f.permissions.length, f.groupId !== null, f.expiry, f.date]
}

export const newTokenPaths = definePaths({
  name: 'New token',
  machine: newTokenMachine,
  input: { held: [...AUDITOR_HELD] },
  events,
  // The state, whether Create is on, the refusal, the secret; in the form, what was filled in and
  // the last change (so that each control is used once on a shortest path).
  serializeState: (s, event, previous) =>
    JSON.stringify([
      s.value,
      s.can({ type: 'newToken.create' }),
      s.context.error !== null,
      s.context.created !== null,
      s.hasTag('open') && !s.matches('loading') ? fieldsKey(s) : null,
    ]) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(s.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : '') +
    (event && previous && JSON.stringify(previous.value) === JSON.stringify(s.value)
      ? ` after ${event.type}`
      : ''),
  // What the form offers: each box checked once, a value typed when it changes something, the
  // date only while 'A date' is chosen, and the other expiry back from it.
  filterEvents: (s, event) => {
    const f = s.context.fields
    switch (event.type) {
      case 'newToken.name':
        return (event.value === '') !== (f.name === '')
      case 'newToken.role':
        return !f.roles.includes(event.roleId)
      case 'newToken.permission':
        return !f.permissions.includes(event.permission)
      case 'newToken.group':
        return f.groupId !== event.groupId
      case 'newToken.expiry':
        return f.expiry !== event.expiry && (event.expiry === 'date') !== (f.expiry === 'date')
      case 'newToken.date':
        return f.expiry === 'date' && f.date !== event.value
      case 'newToken.create':
        return s.can(event)
      default:
        return true
    }
  },
  // Each path is driven through the dialog: the few that take every transition.
  select: (paths) => coveringPaths(newTokenMachine, { held: [...AUDITOR_HELD] }, paths),
  shows,
  detail: (event) =>
    event.type === 'newToken.expiry'
      ? `(${event.expiry})`
      : event.type === 'newToken.role'
        ? '(Auditor)'
        : event.type === 'newToken.permission'
          ? `(${event.permission})`
          : answerDetail(event),
})

export const models = [newTokenPaths]
