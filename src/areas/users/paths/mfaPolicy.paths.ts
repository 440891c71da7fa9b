import type { MfaPolicy } from '../../../../schema/factors'
import {
  mfaPolicyMachine,
  type MfaPolicySnapshot,
  type PolicyEvent,
} from '../machines/mfaPolicy.machine'
import { graceError, MODE_LABEL, POLICY_TYPES, TYPE_LABEL } from '../machines/mfaPolicy.messages'
import { answerDetail, failure, offline } from '../../../kit/fixtures/api.fixtures'
import { definePaths, withWayIn } from '../../../flows/model'

/** What GET /v1/mfa-policy answers: both types optional, a week's grace (the server's default). */
export const storedPolicies: MfaPolicy[] = [
  { type: 'INTERNAL', mode: 'optional', graceDays: 7, requiredSince: null },
  { type: 'EXTERNAL', mode: 'optional', graceDays: 7, requiredSince: null },
]

/** What PUT /v1/mfa-policy/INTERNAL answers for Required with 3 days. */
export const requiredPolicy: MfaPolicy = {
  type: 'INTERNAL',
  mode: 'required',
  graceDays: 3,
  requiredSince: '2026-02-01T09:00:00.000Z',
}

export const TYPED = { grace: '3', tooLong: '400' } as const

/**
 * What a person does here: opens the dialog, makes Internal users Required (the grace days then
 * show), types 400 days (refused by the rule) or 3, and saves that row. The server's answers are
 * always offered; the chart ignores what does not apply.
 */
function events(s: MfaPolicySnapshot): PolicyEvent[] {
  const internal = s.context.drafts.INTERNAL
  const next: PolicyEvent[] = []
  if (internal.mode !== 'required')
    next.push({ type: 'policy.modeChanged', userType: 'INTERNAL', mode: 'required' })
  else if (internal.graceDays === '7')
    next.push(
      { type: 'policy.graceChanged', userType: 'INTERNAL', value: TYPED.tooLong },
      { type: 'policy.graceChanged', userType: 'INTERNAL', value: TYPED.grace },
    )
  else if (internal.graceDays === TYPED.tooLong)
    next.push({ type: 'policy.graceChanged', userType: 'INTERNAL', value: TYPED.grace })
  return [
    { type: 'policy.open', writable: true },
    { type: 'policy.close' },
    { type: 'policy.retry' },
    { type: 'policy.save', userType: 'INTERNAL' },
    ...next,
    ...([
      { type: 'xstate.done.actor.loadPolicies', output: storedPolicies },
      { type: 'xstate.error.actor.loadPolicies', error: offline },
      { type: 'xstate.done.actor.savePolicy', output: requiredPolicy },
      {
        type: 'xstate.error.actor.savePolicy',
        error: failure(403, 403, 'You do not have permission to do this.'),
      },
    ] as unknown as PolicyEvent[]),
  ]
}

function shows(s: MfaPolicySnapshot): string {
  if (!s.hasTag('open')) return "No dialog; 'Second-factor policy' is on"
  if (s.context.policies.length === 0)
    return s.hasTag('error')
      ? `The dialog: “The policy could not be read: ${s.context.error}” with Retry`
      : "The dialog: 'Loading the policy…'"
  const rows = POLICY_TYPES.map((type) => {
    const draft = s.context.drafts[type]
    const grace =
      draft.mode === 'required'
        ? `, Grace days “${draft.graceDays}”${graceError(draft.graceDays) ? ` (${graceError(draft.graceDays)})` : ''}`
        : ''
    const save = s.can({ type: 'policy.save', userType: type }) ? 'Save on' : 'Save off'
    return `${TYPE_LABEL[type]}: ${MODE_LABEL[draft.mode]}${grace}; ${save}`
  })
  if (s.hasTag('busy')) rows.push('the row waits for the server')
  if (s.hasTag('error') && s.context.row)
    rows.push(`“${s.context.error}” under ${TYPE_LABEL[s.context.row]}`)
  return `The dialog 'Second-factor policy': ${rows.join('; ')}`
}

export const mfaPolicyPaths = definePaths({
  name: 'The second-factor policy (users.write)',
  machine: mfaPolicyMachine,
  events,
  // Only steps the chart takes, each carrying what it needs.
  filterEvents: (s, event) =>
    s.can(event) &&
    (event.type.startsWith('xstate.')
      ? 'output' in event || 'error' in event
      : event.type === 'policy.modeChanged'
        ? event.mode !== undefined
        : event.type === 'policy.graceChanged'
          ? event.value !== undefined
          : event.type === 'policy.save'
            ? event.userType !== undefined
            : event.type === 'policy.open'
              ? event.writable !== undefined
              : true),
  serializeState: withWayIn((s) =>
    JSON.stringify([
      s.value,
      s.hasTag('open') ? s.context.drafts.INTERNAL : null,
      s.context.policies.find((p) => p.type === 'INTERNAL')?.mode ?? null,
      s.context.error !== null,
    ]),
  ),
  // Once saved, closing and opening again only repeats the first read.
  stopWhen: (s) => !s.hasTag('open') && s.context.policies.some((p) => p.mode === 'required'),
  shows,
  detail: (event) =>
    event.type === 'policy.modeChanged'
      ? `(${TYPE_LABEL[event.userType]}: ${MODE_LABEL[event.mode]})`
      : event.type === 'policy.graceChanged'
        ? `(${TYPE_LABEL[event.userType]}: “${event.value}” days)`
        : event.type === 'policy.save'
          ? `(${TYPE_LABEL[event.userType]})`
          : answerDetail(event),
})

export const models = [mfaPolicyPaths]
