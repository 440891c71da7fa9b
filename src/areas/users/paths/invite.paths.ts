import type { User } from '../../../../schema/user'
import { inviteMachine, type InviteEvent, type InviteSnapshot } from '../machines/invite.machine'
import { inviteErrors, type InviteTextField } from '../machines/invite.messages'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { definePaths, withWayIn } from '../../../flows/model'
import { selfUser } from '../../../kit/fixtures/users.fixtures'

/** The text fields as the Add User dialog labels them. */
export const INVITE_LABELS: Record<InviteTextField, string> = {
  nameFirst: 'First name',
  nameLast: 'Last name',
  email: 'Email',
  phone: 'Phone',
}

/** What the model types: a person filling the form from top to bottom. */
export const TYPED = {
  nameFirst: 'Grace',
  nameLast: 'Hopper',
  email: 'Grace@Example.com',
  malformedEmail: 'grace@',
  phone: '555 123 4567',
} as const

/** What the server answers to the invitation: the new user, EXTERNAL unless the form said so. */
export const invitedUser: User = (() => {
  const {
    passwordExpiresAt: _expires,
    previousSignIn: _previous,
    ...user
  } = selfUser({
    id: '0193b000-0000-7000-8000-0000000000aa',
    nameFirst: TYPED.nameFirst,
    nameLast: TYPED.nameLast,
    email: 'grace@example.com',
    phone: '5551234567',
    type: 'INTERNAL',
    permissions: ['users.read'],
    lastLogin: null,
  })
  return user
})()

export const TAKEN_EMAIL = 'That email address is already used by another account.'
export const TAKEN_PHONE = 'That phone number is already used by another account.'

// The graph tells events apart by their JSON, which leaves out an error's message: the two 409s
// differ only in their words, so these carry them where JSON sees them.
const worded = (error: Error) =>
  Object.defineProperty(error, 'message', { value: error.message, enumerable: true })

/**
 * The events a person may send here. Typing goes top to bottom, one field at a time (First name,
 * Last name, Email — a malformed one first or not —, Phone, Internal, users.read), so the model
 * stays small and still reaches every transition; Send, Cancel and the server's answers are always
 * offered (the chart ignores what does not apply).
 */
function events(s: InviteSnapshot): InviteEvent[] {
  const { fields } = s.context
  const edit = (field: InviteTextField, value: string) =>
    ({ type: 'invite.edit', field, value }) as const
  const next: InviteEvent[] = []
  if (fields.nameFirst === '') next.push(edit('nameFirst', TYPED.nameFirst))
  else if (fields.nameLast === '') next.push(edit('nameLast', TYPED.nameLast))
  else if (fields.email !== TYPED.email) {
    if (fields.email === '') next.push(edit('email', TYPED.malformedEmail))
    next.push(edit('email', TYPED.email))
  } else if (fields.phone === '') next.push(edit('phone', TYPED.phone))
  else if (fields.type === 'EXTERNAL') next.push({ type: 'invite.setType', value: 'INTERNAL' })
  else if (fields.permissions.length === 0)
    next.push({ type: 'invite.togglePermission', permission: 'users.read', on: true })
  // Sent right after the email, every answer comes back; sent with every field filled, the
  // invitation goes through (the body then carries the phone, the type and the permission).
  const complete = fields.permissions.length > 0
  const answers = [
    { type: 'xstate.done.actor.inviteUser', output: invitedUser },
    ...(complete
      ? []
      : [
          { type: 'xstate.error.actor.inviteUser', error: worded(failure(409, 1001, TAKEN_EMAIL)) },
          { type: 'xstate.error.actor.inviteUser', error: worded(failure(409, 1001, TAKEN_PHONE)) },
          { type: 'xstate.error.actor.inviteUser', error: failure(500, 1000, 'AN ERROR OCCURRED') },
          { type: 'xstate.error.actor.inviteUser', error: offline },
        ]),
  ] as unknown as InviteEvent[]
  return [
    { type: 'invite.open' },
    { type: 'invite.cancel' },
    { type: 'invite.submit' },
    ...next,
    ...answers,
  ]
}

function shows(s: InviteSnapshot): string {
  if (!s.hasTag('open'))
    return s.hasTag('created')
      ? `No dialog; 'Invitation sent to ${s.context.created?.email}.' shows and the page of ${s.context.created?.nameFirst} ${s.context.created?.nameLast} opens`
      : "No dialog; 'Add User' is on"
  const { fields } = s.context
  const typed = (Object.keys(INVITE_LABELS) as InviteTextField[])
    .filter((field) => fields[field] !== '')
    .map((field) => `${INVITE_LABELS[field]} “${fields[field]}”`)
  const malformed = Object.values(inviteErrors(fields)).filter(Boolean)
  return [
    "The 'Add User' dialog",
    typed.length ? typed.join(', ') : 'every field empty',
    fields.type === 'INTERNAL' ? 'Internal' : 'External',
    fields.permissions.length ? `ticked: ${fields.permissions.join(', ')}` : 'no permission',
    ...malformed.map((message) => `“${message}”`),
    s.can({ type: 'invite.submit' }) ? 'Send invitation is on' : 'Send invitation is off',
    s.hasTag('error')
      ? `“${s.context.error}” under ${s.context.errorField ? INVITE_LABELS[s.context.errorField] : 'the form'}`
      : 'no message',
  ].join('; ')
}

export const invitePaths = definePaths({
  name: 'Add User',
  machine: inviteMachine,
  events,
  // Only steps the chart takes: the graph also adds every event type a state accepts, bare (a bare
  // choice, edit or answer means nothing here), and 'Send invitation' on a malformed form does
  // nothing. The invitation is sent right after the email, or once every field is filled.
  filterEvents: (s, event) =>
    s.can(event) &&
    (event.type === 'invite.submit'
      ? s.context.fields.phone === '' || s.context.fields.permissions.length > 0
      : event.type.startsWith('xstate.')
        ? 'output' in event || 'error' in event
        : event.type === 'invite.edit'
          ? event.field !== undefined
          : event.type === 'invite.setType'
            ? event.value !== undefined
            : event.type === 'invite.togglePermission'
              ? event.permission !== undefined
              : true),
  // The form counts while it is open (and sent); once closed, only what the server answered does.
  serializeState: withWayIn((s) =>
    JSON.stringify([
      s.value,
      s.hasTag('open') ? s.context.fields : null,
      s.context.error,
      s.hasTag('created') ? s.context.created?.id : null,
    ]),
  ),
  shows,
  detail: (event) =>
    event.type === 'invite.edit'
      ? `(${INVITE_LABELS[event.field]} “${event.value}”)`
      : event.type === 'invite.setType'
        ? `(${event.value === 'INTERNAL' ? 'Internal' : 'External'})`
        : event.type === 'invite.togglePermission'
          ? `(${event.permission} ${event.on ? 'ticked' : 'cleared'})`
          : answerDetail(event),
})

export const models = [invitePaths]
