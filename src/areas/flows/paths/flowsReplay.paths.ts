import type { ReplayResults } from '../../../../schema/replay'
import { HIDDEN_CODE, HIDDEN_PASSWORD } from '../../../../schema/replay'
import {
  flowsReplayMachine,
  type FlowsReplayEvent,
  type FlowsReplaySnapshot,
  type ReplayChart,
} from '../machines/flowsReplay.machine'
import { playReplay } from '../machines/flowsReplay.play'
import { stoppedText } from '../machines/flowsReplay.selectors'
import type { CatalogEntry } from '../../../flows/catalogEntry'
import { machineGraph } from '../../../flows/graph'
import type { LoadedMachine } from '../../../flows/machinePaths'
import { definePaths, withWayIn } from '../../../flows/model'
import { loginPaths } from '../../sign-in'

export const LOG_ID = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f70'
const USER_ID = '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f71'
export const EMAIL = 'ada@example.com'

/**
 * What GET /v1/logs/{id}/replay answers for a sign-in refused at the text message's code: the
 * password accepted with the text sent at once, then the code refused.
 */
export const WRONG_CODE: ReplayResults = {
  machine: 'login',
  logId: LOG_ID,
  input: { username: '', passkeyOffered: true },
  steps: [
    {
      logId: '0192f0c4-8c6a-7b3e-9a8d-1b2c3d4e5f72',
      at: '2026-11-29T09:00:00.000Z',
      action: 'login.code_sent',
      outcome: 'success',
      sentence: 'A security code was sent by text message to Ada Lovelace',
      note: 'The password was accepted; the text message went at once, as the step asks.',
      events: [
        { type: 'login.usernameChanged', value: EMAIL },
        { type: 'login.passwordChanged', value: HIDDEN_PASSWORD },
        { type: 'login.submit' },
        {
          type: 'xstate.done.actor.signIn',
          output: { user: { id: USER_ID }, mfaId: '', methods: ['sms'], destination: null },
        },
      ],
    },
    {
      logId: LOG_ID,
      at: '2026-11-29T09:00:40.000Z',
      action: 'login.verify',
      outcome: 'failure',
      sentence: `Security code failed for ${EMAIL} from 10.0.0.7: wrong security code`,
      note: null,
      events: [
        { type: 'mfa.codeChanged', value: HIDDEN_CODE },
        { type: 'mfa.submit' },
        {
          type: 'xstate.error.actor.verifyAccessCode',
          error: { status: 401, code: 803, message: 'Incorrect Code. Try Again.' },
        },
      ],
    },
  ],
}

const entry: CatalogEntry = {
  id: 'login',
  usedIn: 'Login screen (/login)',
  load: () => Promise.resolve({ models: [loginPaths] }),
}
const loaded: LoadedMachine = {
  entry,
  machine: loginPaths.machine,
  models: [loginPaths],
  graph: machineGraph(loginPaths.machine),
}

let chart: ReplayChart | undefined
/** loadReplay's answer for WRONG_CODE: the attempt played on the real login chart. */
export const sampleReplay = (): ReplayChart =>
  (chart ??= Object.assign(
    { loaded, played: playReplay(loaded, WRONG_CODE) },
    // The graph library writes each event as JSON to tell paths apart; keep it short.
    { toJSON: () => 'the replay of a refused code' },
  ))

export const NOT_THERE = 'There is no event with this id.'
export const AFTER_STEP = 'xstate.after.stepDelay.flowsReplay.ready.playing'

let events: FlowsReplayEvent[] | undefined
const eventsOf = () =>
  (events ??= [
    { type: 'xstate.done.actor.loadReplay', output: sampleReplay() },
    { type: 'xstate.error.actor.loadReplay', error: new Error(NOT_THERE) },
    { type: 'replay.retry' },
    { type: 'replay.forward' },
    { type: 'replay.back' },
    { type: 'replay.show', step: 1 },
    { type: 'replay.play' },
    { type: 'replay.pause' },
    { type: AFTER_STEP },
  ] as unknown as FlowsReplayEvent[])

const summary = (s: FlowsReplaySnapshot) =>
  JSON.stringify([s.value, s.context.step, s.context.error])

export const flowsReplayPaths = definePaths({
  name: 'A refused code, replayed',
  machine: flowsReplayMachine,
  input: { machine: 'login', logId: LOG_ID, entry },
  events: () => eventsOf(),
  // XState adds a bare event for every type the states handle; only the samples above are steps,
  // and only where the view offers them (Next step is off on the last step, Previous on the start).
  filterEvents: (s, event) => eventsOf().includes(event) && s.can(event),
  serializeState: withWayIn(summary),
  shows: (s) => {
    if (s.hasTag('busy')) return '“Reading the attempt from the audit log…”'
    if (s.matches('failed'))
      return `“This attempt cannot be replayed: ${s.context.error ?? ''}” with Try again`
    const played = s.context.chart?.played
    if (!played) return undefined
    const { step } = s.context
    const last = step === played.steps.length
    return [
      `“Step ${step} of ${played.steps.length}”`,
      step === 0 ? 'the start' : `“${played.steps[step - 1]!.sentence}”`,
      ...(last ? [`“${stoppedText(played.steps)}”`] : []),
      s.hasTag('playing') ? 'Pause' : 'Play',
    ].join('; ')
  },
})

export const models = [flowsReplayPaths]
