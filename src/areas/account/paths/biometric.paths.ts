import type { Passkey } from '../../../../schema/passkeys'
import { validatePassword } from '../../../../schema/rules'
import { ApiError } from '../../../data/api/ApiError'
import {
  biometricMachine,
  type BiometricEvent,
  type BiometricSnapshot,
} from '../machines/biometric.machine'
import { definePaths, withWayIn } from '../../../flows/model'
import { messageLine } from '../../../kit/paths/message'
import { typed } from '../../../kit/paths/typed'

export const passkey: Passkey = {
  id: '0192f0c4-0000-7000-8000-0000000000a1',
  label: 'Chrome on Linux',
  createdAt: '2026-01-01T12:00:00.000Z',
  lastUsedAt: null,
}
export const PASSWORD = 'Secret#1word'
const offline = new ApiError(0, 1000, 'The server could not be reached.', true)
const wrongPassword = new ApiError(401, 805, 'The password is not correct.')
/** The server could not verify the passkey the browser made. */
export const unverified = new ApiError(
  400,
  1001,
  'The passkey could not be verified: User verification required, but user could not be verified',
)
// What the browser throws when the person closes its passkey prompt.
const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
  name: 'NotAllowedError',
})

const events = [
  { type: 'xstate.done.actor.listPasskeys', output: [] },
  { type: 'xstate.done.actor.listPasskeys', output: [passkey] },
  { type: 'xstate.error.actor.listPasskeys', error: offline },
  { type: 'biometric.enable' },
  ...typed('biometric.passwordChanged', PASSWORD, 'short'),
  { type: 'biometric.submit' },
  { type: 'biometric.cancel' },
  { type: 'xstate.done.actor.createPasskey', output: passkey },
  { type: 'xstate.error.actor.createPasskey', error: wrongPassword },
  { type: 'xstate.error.actor.createPasskey', error: cancelled },
  { type: 'xstate.error.actor.createPasskey', error: unverified },
  { type: 'biometric.disable' },
  { type: 'xstate.done.actor.removeAllPasskeys', output: 1 },
  { type: 'xstate.error.actor.removeAllPasskeys', error: offline },
] as unknown as BiometricEvent[]

// The typed password itself is not part of the model, only whether it passes its rule.
const summary = (s: BiometricSnapshot) =>
  JSON.stringify([s.value, !validatePassword(s.context.password), s.context.error])

function shows(s: BiometricSnapshot): string {
  const on = s.hasTag('checked') ? 'on' : 'off'
  if (s.matches('registering'))
    return "The 'Turn On Biometric Login' dialog waits: Continue and Cancel are off, the password read-only; the browser asks for the fingerprint, face or screen lock"
  if (s.hasTag('open'))
    return [
      "The 'Turn On Biometric Login' dialog",
      s.can({ type: 'biometric.submit' }) ? 'Continue is on' : 'Continue is off',
      messageLine(s),
    ].join('; ')
  if (s.hasTag('busy')) return `'Biometric Login' is ${on} and disabled, with Working…`
  return `'Biometric Login' is ${on}; ${messageLine(s)}`
}

export const biometricPaths = definePaths({
  name: 'Biometric Login',
  machine: biometricMachine,
  events,
  // Arriving by another transition is another path, so that every transition is taken once.
  serializeState: withWayIn(summary),
  shows,
  detail: (event) => {
    if (event.type === 'biometric.passwordChanged')
      return event.value === '' ? 'empty' : `${event.value.length} characters`
    const { output, error } = event as { output?: unknown; error?: unknown }
    if (Array.isArray(output)) return `(${output.length} passkey${output.length === 1 ? '' : 's'})`
    return error instanceof Error ? `(${error.message.replace(/[.\s]+$/, '')})` : undefined
  },
})

export const models = [biometricPaths]
