import { defaultErrorMessage, ErrorCode } from '../../schema/errors'
import {
  HIDDEN_PASSWORD,
  type ReplayError,
  type ReplayEvent,
  type ReplayMachine,
  type ReplayStep,
} from '../../schema/replay'
import { loginSteps } from './replay-login'
import {
  DISABLED,
  INSIDE_LOGIN,
  LINK_EXPIRED,
  LOCKED,
  THROTTLED,
  error,
  implied,
  step,
  str,
  type ReplayRow,
} from './replay-rows'

export type { ReplayRow } from './replay-rows'

/*
 * The audit rows of one sign-in attempt as steps on the console's statechart that drove it
 * (docs/flows-replay.md): the login chart in replay-login.ts; the reset request, the reset link and
 * the service sign-in here. Pure: rows in, steps out. Only what a row says without secrets goes in:
 * typed values are placeholders, ids of the second step and reset slugs are never copied.
 */

function forgotStep(row: ReplayRow): ReplayStep {
  const typed: ReplayEvent[] = [
    { type: 'forgot.emailChanged', value: str(row.detail.email) ?? row.username ?? '' },
    { type: 'forgot.submit' },
  ]
  return step(row, [
    ...typed,
    row.outcome === 'success'
      ? { type: 'xstate.done.actor.requestPasswordReset' }
      : { type: 'xstate.error.actor.requestPasswordReset', error: THROTTLED },
  ])
}

type ResetPhase = { at: 'lookingUp' | 'form' | 'signingIn' | 'ended' }

function resetStep(row: ReplayRow, phase: ResetPhase): ReplayStep[] {
  const ok = row.outcome === 'success'
  if (row.action === 'password.reset_link') {
    phase.at = 'ended'
    return [step(row, [{ type: 'xstate.error.actor.lookUpResetToken', error: LINK_EXPIRED }])]
  }
  if (row.action === 'password.reset') {
    const before: ReplayStep[] = []
    if (phase.at === 'lookingUp')
      before.push(
        implied(row, 'password.reset_link', 'The reset link was opened and was still good', [
          {
            type: 'xstate.done.actor.lookUpResetToken',
            output: { email: row.username ?? '', invitation: false },
          },
        ]),
      )
    const code = typeof row.detail.code === 'number' ? (row.detail.code as ErrorCode) : undefined
    const failed: ReplayError =
      code === ErrorCode.resetLinkInvalid
        ? LINK_EXPIRED
        : error(code ?? ErrorCode.validation, 422, code ? defaultErrorMessage[code] : undefined)
    phase.at = ok ? 'signingIn' : code === ErrorCode.resetLinkInvalid ? 'ended' : 'form'
    return [
      ...before,
      step(row, [
        { type: 'reset.emailChanged', value: row.username ?? '' },
        { type: 'reset.passwordChanged', value: HIDDEN_PASSWORD },
        { type: 'reset.repeatChanged', value: HIDDEN_PASSWORD },
        { type: 'reset.submit' },
        ok
          ? { type: 'xstate.done.actor.resetPassword' }
          : { type: 'xstate.error.actor.resetPassword', error: failed },
      ]),
    ]
  }
  // The sign-in with the new password runs in the login statechart inside; only its end shows here.
  if (phase.at === 'signingIn' && ok && (row.action === 'login' || row.action === 'login.verify')) {
    phase.at = 'ended'
    return [step(row, [{ type: 'xstate.done.actor.login' }])]
  }
  return [step(row, [], INSIDE_LOGIN)]
}

type ServicePhase = { at: 'loading' | 'signingIn' | 'consent' | 'completing' | 'ended' }

const details = (prompt: string, signedIn: boolean) => ({
  prompt,
  signedIn: signedIn ? { id: '', name: '' } : null,
  freshSignIn: false,
  scopes: [],
})

function serviceStep(row: ReplayRow, phase: ServicePhase): ReplayStep[] {
  const ok = row.outcome === 'success'
  const before: ReplayStep[] = []
  if (phase.at === 'loading') {
    const consent = row.action === 'oidc.consent'
    const signedIn = row.action.startsWith('oidc.')
    before.push(
      implied(
        row,
        'oidc.interaction',
        signedIn
          ? 'The service sent the browser to Gatehouse, where a session was open'
          : 'The service sent the browser to Gatehouse, where nobody was signed in',
        [
          {
            type: 'xstate.done.actor.fetchDetails',
            output: details(consent ? 'consent' : 'login', signedIn),
          },
        ],
      ),
    )
    phase.at = consent ? 'consent' : signedIn ? 'completing' : 'signingIn'
  }
  if (row.action === 'oidc.consent') {
    phase.at = 'ended'
    return [
      ...before,
      step(
        row,
        ok
          ? [{ type: 'interaction.allow' }, { type: 'xstate.done.actor.consent' }]
          : [{ type: 'interaction.cancel' }, { type: 'xstate.done.actor.abort', output: {} }],
      ),
    ]
  }
  if (row.action === 'oidc.authorize') {
    const reason = str(row.detail.reason)
    const done = ok || reason === 'no second factor'
    const failed =
      reason === 'second factor needed'
        ? error(
            ErrorCode.notSignedIn,
            401,
            'This service needs a second factor: sign in again with it to continue.',
          )
        : reason === 'must change password'
          ? error(ErrorCode.forbidden, 403, 'Change your password before you continue.')
          : reason === 'locked'
            ? LOCKED
            : reason === 'disabled'
              ? DISABLED
              : THROTTLED
    phase.at = reason === 'second factor needed' ? 'signingIn' : 'ended'
    return [
      ...before,
      step(row, [
        done
          ? { type: 'xstate.done.actor.completeLogin', output: { returnTo: '' } }
          : { type: 'xstate.error.actor.completeLogin', error: failed },
      ]),
    ]
  }
  if (phase.at === 'signingIn' && ok && (row.action === 'login' || row.action === 'login.verify')) {
    phase.at = 'completing'
    return [...before, step(row, [{ type: 'xstate.done.actor.login', output: {} }])]
  }
  return [...before, step(row, [], INSIDE_LOGIN)]
}

/** The statechart's input at the start of an attempt: placeholders where the real one is secret. */
export function replayInput(machine: ReplayMachine): Record<string, unknown> {
  const login = { username: '', passkeyOffered: true }
  if (machine === 'login') return login
  if (machine === 'passwordReset') return { slug: 'not-recorded' }
  if (machine === 'serviceSignIn') return { uid: 'not-recorded', login }
  return {}
}

/** The attempt's rows, oldest first, as steps on `machine`. */
export function replaySteps(machine: ReplayMachine, rows: ReplayRow[]): ReplayStep[] {
  if (machine === 'forgotPassword') return rows.map(forgotStep)
  if (machine === 'passwordReset') {
    const phase: ResetPhase = { at: 'lookingUp' }
    return rows.flatMap((row) => resetStep(row, phase))
  }
  if (machine === 'serviceSignIn') {
    const phase: ServicePhase = { at: 'loading' }
    return rows.flatMap((row) => serviceStep(row, phase))
  }
  return loginSteps(rows)
}
