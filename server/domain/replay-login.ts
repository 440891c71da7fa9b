import { HIDDEN_CODE, HIDDEN_PASSWORD, HIDDEN_RECOVERY_CODE } from '../../schema/replay'
import type { ReplayEvent, ReplayStep } from '../../schema/replay'
import {
  INCORRECT_CODE,
  INCORRECT_LOGIN,
  implied,
  lockNote,
  refusal,
  step,
  str,
  type ReplayRow,
} from './replay-rows'

/*
 * The login chart's replay: the form typed (placeholders), Login, the second step and its code, as
 * the audit rows of one attempt tell them (docs/flows-replay.md). Pure.
 */

type LoginPhase = { at: 'credentials' | 'code' | 'done'; method: string; typed: boolean }

const codeOf = (method: string) => (method === 'recovery' ? HIDDEN_RECOVERY_CODE : HIDDEN_CODE)

/** The login form's steps: the username (typed once) and the password, then Login. */
function credentials(phase: LoginPhase, row: ReplayRow): ReplayEvent[] {
  const typing: ReplayEvent[] = phase.typed
    ? []
    : [{ type: 'login.usernameChanged', value: row.username ?? '' }]
  phase.typed = true
  const back: ReplayEvent[] = phase.at === 'code' ? [{ type: 'mfa.back' }] : []
  phase.at = 'credentials'
  return [
    ...back,
    ...typing,
    { type: 'login.passwordChanged', value: HIDDEN_PASSWORD },
    { type: 'login.submit' },
  ]
}

function passwordAccepted(phase: LoginPhase, row: ReplayRow, methods: string[]): ReplayEvent[] {
  const events = [
    ...credentials(phase, row),
    {
      type: 'xstate.done.actor.signIn',
      output: { user: { id: row.subjectId ?? '' }, mfaId: '', methods, destination: null },
    },
  ]
  phase.at = 'code'
  phase.method = methods[0] ?? 'sms'
  return events
}

function loginStep(rows: ReplayRow[], index: number, phase: LoginPhase): ReplayStep[] {
  const row = rows[index]!
  const next = rows[index + 1]
  const ok = row.outcome === 'success'
  const passkey = row.detail.method === 'passkey'
  switch (row.action) {
    case 'login': {
      if (passkey) {
        phase.at = ok ? 'done' : 'credentials'
        return [
          step(row, [
            { type: 'passkey.start' },
            ok
              ? {
                  type: 'xstate.done.actor.signInWithPasskey',
                  output: { user: { id: row.subjectId ?? '' } },
                }
              : {
                  type: 'xstate.error.actor.signInWithPasskey',
                  error: refusal(row, next, INCORRECT_LOGIN),
                },
          ]),
        ]
      }
      const events = credentials(phase, row)
      if (ok) {
        phase.at = 'done'
        return [
          step(row, [
            ...events,
            { type: 'xstate.done.actor.signIn', output: { user: { id: row.subjectId ?? '' } } },
          ]),
        ]
      }
      return [
        step(row, [
          ...events,
          { type: 'xstate.error.actor.signIn', error: refusal(row, next, INCORRECT_LOGIN) },
        ]),
      ]
    }
    case 'login.code_sent': {
      if (phase.at !== 'code')
        return [
          step(
            row,
            passwordAccepted(phase, row, ['sms']),
            'The password was accepted; the text message went at once, as the step asks.',
          ),
        ]
      const ask: ReplayEvent =
        phase.method === 'sms' ? { type: 'mfa.resend' } : { type: 'mfa.useMethod', method: 'sms' }
      phase.method = 'sms'
      return [step(row, [ask, { type: 'xstate.done.actor.sendText' }])]
    }
    case 'login.verify': {
      const method = str(row.detail.method) ?? phase.method
      const before: ReplayStep[] = []
      if (phase.at !== 'code') {
        before.push(
          implied(
            row,
            'login',
            'The password was accepted and the second step asked for a code',
            passwordAccepted(phase, row, [method]),
          ),
        )
      }
      const switching: ReplayEvent[] =
        method !== phase.method ? [{ type: 'mfa.useMethod', method }] : []
      phase.method = method
      const typing: ReplayEvent[] = [
        ...switching,
        { type: 'mfa.codeChanged', value: codeOf(method) },
        { type: 'mfa.submit' },
      ]
      if (ok) phase.at = 'done'
      return [
        ...before,
        step(row, [
          ...typing,
          ok
            ? {
                type: 'xstate.done.actor.verifyAccessCode',
                output: { user: { id: row.subjectId ?? '' } },
              }
            : {
                type: 'xstate.error.actor.verifyAccessCode',
                error: refusal(row, next, INCORRECT_CODE),
              },
        ]),
      ]
    }
    case 'account.locked':
    case 'account.locked_temporarily':
      return [step(row, [], lockNote(rows, index))]
    default:
      return [step(row, [], 'Not a step of the login form.')]
  }
}

/** The attempt's rows, oldest first, as steps on the login chart. */
export function loginSteps(rows: ReplayRow[]): ReplayStep[] {
  const phase: LoginPhase = { at: 'credentials', method: 'sms', typed: false }
  return rows.flatMap((_, index) => loginStep(rows, index, phase))
}
