import { ApiError } from '../../../data/api/ApiError'
import { revokeMachine, type RevokeEvent, type RevokeSnapshot } from '../machines/revoke.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { adaSession } from './sessions.fixtures'
import { messageLine } from '../../../kit/paths/message'

const forbidden = new ApiError(403, 403, 'You are not allowed to do this.')

// Confirm and cancel carry nothing: the model sends them as the chart names them.
const events = [
  { type: 'revoke.request', target: { id: adaSession.id, name: 'Ada Lovelace' } },
  { type: 'xstate.done.actor.revokeSession' },
  { type: 'xstate.error.actor.revokeSession', error: forbidden },
] as unknown as RevokeEvent[]

function shows(s: RevokeSnapshot): string {
  const name = s.context.target?.name ?? ''
  if (!s.hasTag('open'))
    return s.hasTag('revoked')
      ? `No dialog; 'The session of ${name} was revoked.' shows`
      : 'The Sessions list; no dialog'
  return [
    "'Are you sure you want to revoke this session?'",
    `'${name} will be signed out on that device and must sign in again there.'`,
    s.can({ type: 'revoke.confirm' }) ? 'Revoke is on' : 'Revoke is off',
    s.can({ type: 'revoke.cancel' }) ? 'Cancel is on' : 'Cancel is off',
    messageLine(s),
  ].join('; ')
}

export const revokePaths = definePaths({
  name: "Revoking Ada Lovelace's session",
  machine: revokeMachine,
  events,
  // The context, and the step that led to a state: every transition becomes a target of its own.
  serializeState: withWayIn((s) => JSON.stringify([s.value, s.context])),
  shows,
  detail: (event) => (event.type === 'revoke.request' ? `(${event.target.name})` : undefined),
})

export const models = [revokePaths]
