import type { OwnFactorsResults } from '../../../../schema/factors'
import { validatePassword } from '../../../../schema/rules'
import { ApiError } from '../../../data/api/ApiError'
import {
  authenticatorMachine,
  type AuthenticatorEvent,
  type AuthenticatorSnapshot,
} from '../machines/authenticator.machine'
import { AUTHENTICATOR_WORDS, isCompleteCode } from '../machines/authenticator.messages'
import { coveringPaths } from '../../../flows/covering'
import { definePaths, withWayIn } from '../../../flows/model'
import { refusal } from '../../../kit/fixtures/service.fixtures'
import { messageLine } from '../../../kit/paths/message'
import { typed } from '../../../kit/paths/typed'

export const PASSWORD = 'Secret#1word'
/** A code as the app shows it, with its space; the chart keeps the six digits. */
export const APP_CODE = '123 456'
export const GRACE_UNTIL = '2026-09-01T12:00:00.000Z'

/** What GET /v1/factors answers before any change: no app, and the policy requires a factor. */
export const requiredNoApp: OwnFactorsResults = {
  authenticator: null,
  sms: false,
  recoveryCodesLeft: 0,
  passkeys: 0,
  policy: { mode: 'required', graceUntil: GRACE_UNTIL },
}
/** No app, and the administrator turned apps off for this type of account. */
export const appsOff: OwnFactorsResults = {
  ...requiredNoApp,
  policy: { mode: 'off', graceUntil: null },
}
/** An app used before, three recovery codes left, the policy optional. */
export const usedApp: OwnFactorsResults = {
  authenticator: { enrolledAt: '2026-01-10T09:00:00.000Z', lastUsedAt: '2026-02-01T09:00:00.000Z' },
  sms: false,
  recoveryCodesLeft: 3,
  passkeys: 0,
  policy: { mode: 'optional', graceUntil: null },
}
/** Right after a setup: never used, ten codes, nothing left to require. */
export const freshApp: OwnFactorsResults = {
  authenticator: { enrolledAt: '2026-03-01T09:00:00.000Z', lastUsedAt: null },
  sms: false,
  recoveryCodesLeft: 10,
  passkeys: 0,
  policy: { mode: 'required', graceUntil: null },
}
/** After the app was removed. */
export const removedApp: OwnFactorsResults = {
  ...freshApp,
  authenticator: null,
  recoveryCodesLeft: 0,
  policy: { mode: 'optional', graceUntil: null },
}

export const setupAnswer = {
  setupId: '0192f0c4-0000-7000-8000-00000000c0de',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Gatehouse:admin%40example.com?issuer=Gatehouse&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
}
export const firstCodes = Array.from(
  { length: 10 },
  (_, i) => `ABCDE-${String(i).padStart(5, '0')}`,
)
export const newCodes = Array.from({ length: 10 }, (_, i) => `NEWCD-${String(i).padStart(5, '0')}`)

/** The server's answer to a wrong account password: the dialog says so. */
export const wrongPassword = new ApiError(401, 805, 'The password is not correct.')
/** The server's answer to a wrong code from the app. */
export const wrongCode = new ApiError(400, 803, 'The code is not right. Try again.')
export const APPS_OFF = 'Second factors are turned off for your type of account.'
export const EXPIRED = 'This setup has expired. Start again.'
export const LAST_FACTOR =
  'Your organisation requires a second factor: turn on text-message codes before removing the authenticator app.'
const busy = refusal(503, 'The server is busy.')

// The first read answers one of three starts; a read after a change answers what it changed.
function readAnswers(s: AuthenticatorSnapshot): OwnFactorsResults[] {
  if (s.context.factors === null) return [requiredNoApp, usedApp, appsOff]
  return [s.context.factors.authenticator ? removedApp : freshApp]
}

function events(s: AuthenticatorSnapshot): AuthenticatorEvent[] {
  return [
    ...readAnswers(s).map((output) => ({ type: 'xstate.done.actor.readFactors', output })),
    { type: 'xstate.error.actor.readFactors', error: busy },
    { type: 'authenticator.retry' },
    { type: 'authenticator.setUp' },
    { type: 'authenticator.remove' },
    { type: 'authenticator.regenerate' },
    ...typed('authenticator.passwordChanged', PASSWORD, 'short'),
    { type: 'authenticator.submit' },
    { type: 'authenticator.cancel' },
    { type: 'xstate.done.actor.startSetup', output: setupAnswer },
    { type: 'xstate.error.actor.startSetup', error: wrongPassword },
    { type: 'xstate.error.actor.startSetup', error: refusal(422, APPS_OFF) },
    ...typed('authenticator.codeChanged', APP_CODE, '12'),
    { type: 'authenticator.verify' },
    { type: 'xstate.done.actor.confirmSetup', output: firstCodes },
    { type: 'xstate.done.actor.confirmSetup', output: [] },
    { type: 'xstate.error.actor.confirmSetup', error: wrongCode },
    { type: 'xstate.error.actor.confirmSetup', error: refusal(422, EXPIRED) },
    ...typed('authenticator.savedChanged', true, false),
    { type: 'authenticator.done' },
    { type: 'xstate.done.actor.removeApp', output: undefined },
    { type: 'xstate.error.actor.removeApp', error: wrongPassword },
    { type: 'xstate.error.actor.removeApp', error: refusal(422, LAST_FACTOR) },
    { type: 'xstate.done.actor.regenerateCodes', output: newCodes },
    { type: 'xstate.error.actor.regenerateCodes', error: wrongPassword },
    { type: 'xstate.error.actor.regenerateCodes', error: busy },
  ] as unknown as AuthenticatorEvent[]
}

function shows(s: AuthenticatorSnapshot): string {
  const change = s.hasTag('removing') ? 'remove' : s.hasTag('regenerating') ? 'regenerate' : 'setUp'
  if (s.hasTag('password'))
    return [
      `The '${AUTHENTICATOR_WORDS.dialog[change]}' dialog`,
      s.hasTag('busy')
        ? 'its buttons are off while the server checks'
        : s.can({ type: 'authenticator.submit' })
          ? 'Continue is on'
          : 'Continue is off',
      messageLine(s),
    ].join('; ')
  if (s.hasTag('codes'))
    return `${s.context.codes.length} recovery codes with Copy and Download; Done is ${s.context.saved ? 'on' : 'off'}`
  if (s.hasTag('scanning'))
    return [
      'The QR code, the key and the link',
      `'${AUTHENTICATOR_WORDS.codeLabel}'`,
      s.hasTag('busy')
        ? 'Verify is busy'
        : `Verify is ${s.can({ type: 'authenticator.verify' }) ? 'on' : 'off'}`,
      messageLine(s),
    ].join('; ')
  if (s.hasTag('busy')) return "'Loading…'"
  if (s.can({ type: 'authenticator.retry' }))
    return `'${AUTHENTICATOR_WORDS.readFailed}: ${s.context.error}' with Retry`
  const factors = s.context.factors
  if (s.hasTag('enrolled') && factors)
    return `'Enrolled …', '${factors.authenticator?.lastUsedAt ? 'Last used …' : 'Last used Never'}', Remove; '${AUTHENTICATOR_WORDS.codesLeft(factors.recoveryCodesLeft)}', Regenerate; ${messageLine(s)}`
  if (factors?.policy.mode === 'off') return `The explanation; '${AUTHENTICATOR_WORDS.off}'`
  return `The explanation; '${AUTHENTICATOR_WORDS.setUp}'; ${messageLine(s)}`
}

export const authenticatorPaths = definePaths({
  name: 'Authenticator app',
  machine: authenticatorMachine,
  events,
  // What was typed is not part of the model, only whether it passes its rule; arriving by another
  // transition is another node, so that the shortest paths take every transition.
  serializeState: withWayIn((s) =>
    JSON.stringify([
      s.value,
      s.context.factors && [
        s.context.factors.authenticator !== null,
        s.context.factors.policy.mode,
      ],
      !validatePassword(s.context.password),
      isCompleteCode(s.context.code),
      s.context.saved,
      s.context.error !== null,
    ]),
  ),
  filterEvents: (s, event) => s.can(event),
  select: (paths) => coveringPaths(authenticatorMachine, undefined, paths),
  shows,
  detail: (event) => {
    if (event.type === 'authenticator.passwordChanged') return `${event.value.length} characters`
    if (event.type === 'authenticator.codeChanged') return `“${event.value}”`
    if (event.type === 'authenticator.savedChanged') return event.value ? 'ticked' : 'unticked'
    const error = (event as { error?: unknown }).error
    return error instanceof Error ? `(${error.message.replace(/[.\s]+$/, '')})` : undefined
  },
})

export const models = [authenticatorPaths]
