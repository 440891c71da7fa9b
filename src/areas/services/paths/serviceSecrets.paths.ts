import type { ServiceSecret } from '../../../../schema/service-secret'
import {
  overlapError,
  serviceSecretsMachine,
  type SecretsEvent,
  type ServiceSecretsSnapshot,
} from '../machines/serviceSecrets.machine'
import { answerDetail, offline } from '../../../kit/fixtures/api.fixtures'
import { definePaths } from '../../../flows/model'
import { typed } from '../../../kit/paths/typed'

export const SERVICE_ID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
export const SECRET_VALUE = 'Zt4q7Yx1b3Kp9Lm2Nw8Rv6Hs5Dg0Fj1Ca3Eb7Ui9Oy2'

export const aSecret = (changes: Partial<ServiceSecret> = {}): ServiceSecret => ({
  id: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60',
  name: 'spring rotation',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: null,
  ...changes,
})
export const newSecret = aSecret({
  id: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a61',
  name: 'ci-2026',
  createdAt: '2026-04-01T10:00:00.000Z',
})

const events = [
  { type: 'xstate.done.actor.listSecrets', output: [aSecret()] },
  { type: 'xstate.error.actor.listSecrets', error: offline },
  { type: 'secrets.retry' },
  ...typed('secrets.nameChanged', 'ci-2026', ''),
  ...typed('secrets.overlapChanged', 'soon', '0'),
  { type: 'secrets.generate' },
  { type: 'xstate.done.actor.createSecret', output: { secret: newSecret, value: SECRET_VALUE } },
  { type: 'xstate.error.actor.createSecret', error: offline },
  { type: 'secrets.dismiss' },
  { type: 'secrets.revoke', secret: aSecret() },
  { type: 'secrets.confirm' },
  { type: 'secrets.cancel' },
  { type: 'xstate.done.actor.revokeSecret', output: [] },
  { type: 'xstate.error.actor.revokeSecret', error: offline },
] as unknown as SecretsEvent[]

function shows(s: ServiceSecretsSnapshot): string {
  const parts = [`${s.context.secrets.length} secret(s) listed`]
  if (s.context.created) parts.push(`the new secret “${s.context.created.name}” shown once`)
  if (s.hasTag('error')) parts.push(`the message reads “${s.context.error}”`)
  if (s.matches('confirmingRevoke')) parts.push("'Revoke secret?' asks")
  parts.push(s.can({ type: 'secrets.generate' }) ? 'Generate is on' : 'Generate is off')
  return parts.join('; ')
}

export const serviceSecretsPaths = definePaths({
  name: 'Client secrets',
  machine: serviceSecretsMachine,
  input: { serviceId: SERVICE_ID },
  events,
  // What the section can show: the state, the overlap's verdict, whether Generate is on, the new
  // secret, the list's length, the message; and the step that led there when it changed the
  // state or put the new secret away.
  serializeState: (s, event, previous) =>
    JSON.stringify([
      s.value,
      !overlapError(s.context.overlapHours),
      s.can({ type: 'secrets.generate' }),
      s.context.created !== null,
      s.context.secrets.length,
      s.context.error,
    ]) +
    (event &&
    previous &&
    (JSON.stringify(previous.value) !== JSON.stringify(s.value) ||
      previous.context.created !== s.context.created)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : ''),
  // Revoke is pressed on a secret on show; Done, on a new secret on show.
  filterEvents: (s, event) =>
    event.type === 'secrets.revoke'
      ? s.context.secrets.some((secret) => secret.id === event.secret.id)
      : event.type !== 'secrets.dismiss' || s.context.created !== null,
  shows,
  detail: answerDetail,
})

export const models = [serviceSecretsPaths]
