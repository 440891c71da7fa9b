import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { HIDDEN_CODE, HIDDEN_PASSWORD, type ReplayResults } from '../../../schema/replay'
import { catalogEntry } from '../../../src/catalog'
import {
  flowsReplayMachine,
  type FlowsReplaySnapshot,
  type ReplayChart,
} from '../../../src/areas/flows/machines/flowsReplay.machine'
import { playReplay } from '../../../src/areas/flows/machines/flowsReplay.play'
import {
  flowsReplayPaths,
  LOG_ID,
  NOT_THERE,
  WRONG_CODE,
} from '../../../src/areas/flows/paths/flowsReplay.paths'
import { FlowsReplay } from '../../../src/areas/flows/views/replay/FlowsReplayPage'
import { loadMachine } from '../../../src/flows/machinePaths'
import { buildPaths } from '../../../src/flows/model'
import { Gate } from '../../setup/gate'
import { describePath } from '../describePath'
import { renderFlowsView } from './flows.support'

const { paths } = buildPaths(flowsReplayPaths)

/** Long enough never to pass on its own: the test moves the clock for the model's delay event. */
const DELAY = 10 * 60_000

type Step = { event: { type: string; output?: unknown; error?: unknown; step?: number } }

const button = (name: string) => screen.getByRole('button', { name })

/** The keys of the outline's states marked active, sorted. */
function litKeys() {
  const tree = screen.getByRole('tree', { name: 'States of login' })
  return within(tree)
    .getAllByRole('treeitem')
    .filter((item) => item.getAttribute('aria-current') === 'true')
    .map(
      (item) =>
        document.getElementById(item.getAttribute('aria-labelledby')!.split(' ')[0]!)!
          .firstElementChild!.textContent,
    )
    .map((text) => text.replace(/^[▾▸]\s*/, ''))
    .sort()
}

async function expectReady(s: FlowsReplaySnapshot) {
  const played = s.context.chart!.played
  const { step } = s.context
  const player = await screen.findByText(`Step ${step} of ${played.steps.length}`)
  const status = player.closest('[role="status"]') as HTMLElement
  const shown = played.steps[step - 1]
  expect(status).toHaveTextContent(shown ? shown.sentence : 'Start:')
  if (step === played.steps.length)
    expect(status).toHaveTextContent('The attempt stopped here: Incorrect Code. Try Again.')
  else expect(status).not.toHaveTextContent('The attempt stopped here')
  const byId = new Map(s.context.chart!.loaded.graph.states.map((st) => [st.id, st.key]))
  const active = shown ? shown.active : played.start.active
  expect(litKeys()).toEqual(active.map((id) => byId.get(id)).sort())
  const list = screen.getByRole('list', { name: 'Recorded steps' })
  const current = within(list)
    .getAllByRole('listitem')
    .findIndex((item) => item.getAttribute('aria-current') === 'step')
  expect(current).toBe(step - 1)
  expect(button(s.hasTag('playing') ? 'Pause' : 'Play')).toBeInTheDocument()
  expect(button('Previous step')).toHaveProperty('disabled', step === 0)
  expect(button('Next step')).toHaveProperty('disabled', step === played.steps.length)
}

function drive(load: Gate<ReplayChart>, app: ReturnType<typeof renderFlowsView>) {
  return {
    states: {
      loading: async () => {
        expect(await screen.findByRole('status')).toHaveTextContent(
          'Reading the attempt from the audit log…',
        )
      },
      failed: async () => {
        expect(
          await screen.findByText(`This attempt cannot be replayed: ${NOT_THERE}`),
        ).toBeTruthy()
        expect(button('Try again')).toBeInTheDocument()
      },
      '*': async (s: FlowsReplaySnapshot) => {
        if (s.matches('ready')) await waitFor(() => expectReady(s))
      },
    },
    events: {
      'xstate.done.actor.loadReplay': ({ event }: Step) =>
        load.resolve(event.output as ReplayChart),
      'xstate.error.actor.loadReplay': ({ event }: Step) => load.reject(event.error),
      'replay.retry': () => app.user.click(button('Try again')),
      'replay.forward': () => app.user.click(button('Next step')),
      'replay.back': () => app.user.click(button('Previous step')),
      'replay.play': () => app.user.click(button('Play')),
      'replay.pause': () => app.user.click(button('Pause')),
      'replay.show': ({ event }: Step) => {
        const list = screen.getByRole('list', { name: 'Recorded steps' })
        const item = within(list).getAllByRole('listitem')[event.step! - 1]!
        return app.user.click(within(item).getByRole('button'))
      },
      'xstate.after.stepDelay.flowsReplay.ready.playing': () =>
        act(() => vi.advanceTimersByTime(DELAY)),
    },
  }
}

describe('flowsReplay statechart, driving the replay page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  for (const path of paths) {
    it(describePath(path), async () => {
      const load = new Gate<ReplayChart>()
      const machine = flowsReplayMachine.provide({
        actors: { loadReplay: fromPromise(({ input }) => load.wait(input)) },
        delays: { stepDelay: DELAY },
      })
      const app = renderFlowsView(
        () => <FlowsReplay machine="login" logId={LOG_ID} entry={catalogEntry('login')} />,
        [machine],
      )
      await path.test(drive(load, app))
      expect(load.inputs[0]).toMatchObject({ machine: 'login', logId: LOG_ID })
    })
  }
})

/** Plays a server-shaped answer on the real statechart of its catalog entry. */
async function play(answer: ReplayResults) {
  const loaded = await loadMachine(catalogEntry(answer.machine)!)
  return playReplay(loaded, answer)
}

const step = (action: string, events: ReplayResults['steps'][number]['events']) => ({
  logId: null,
  at: '2026-11-29T09:00:00.000Z',
  action,
  outcome: 'success' as const,
  sentence: action,
  note: null,
  events,
})

describe('replays on the production statecharts', () => {
  it('takes every step of a refused code on login, and stops on the refusal', async () => {
    const played = await play(WRONG_CODE)
    expect(played.steps.map((s) => s.notTaken)).toEqual([[], []])
    expect(played.steps.map((s) => s.state)).toEqual(['code.editing', 'code.rejected'])
    expect(played.steps[1]!.message).toBe('Incorrect Code. Try Again.')
    expect(played.steps[1]!.transitions).toContain(
      'The server refused the code; the message says why.',
    )
  })

  it('says which step a statechart does not take', async () => {
    const played = await play({
      ...WRONG_CODE,
      steps: [step('login.verify', [{ type: 'mfa.submit' }])],
    })
    expect(played.steps[0]!.notTaken).toEqual(['mfa.submit'])
    expect(played.steps[0]!.state).toBe('credentials.editing')
  })

  it('plays a reset request, a reset with its sign-in, and a service sign-in', async () => {
    const forgot = await play({
      machine: 'forgotPassword',
      logId: LOG_ID,
      input: {},
      steps: [
        step('password.reset_requested', [
          { type: 'forgot.emailChanged', value: 'ada@example.com' },
          { type: 'forgot.submit' },
          { type: 'xstate.done.actor.requestPasswordReset' },
        ]),
      ],
    })
    expect(forgot.steps[0]).toMatchObject({ state: 'sent', notTaken: [] })

    const reset = await play({
      machine: 'passwordReset',
      logId: LOG_ID,
      input: { slug: 'not-recorded' },
      steps: [
        step('password.reset_link', [
          {
            type: 'xstate.done.actor.lookUpResetToken',
            output: { email: 'ada@example.com', invitation: false },
          },
        ]),
        step('password.reset', [
          { type: 'reset.emailChanged', value: 'ada@example.com' },
          { type: 'reset.passwordChanged', value: HIDDEN_PASSWORD },
          { type: 'reset.repeatChanged', value: HIDDEN_PASSWORD },
          { type: 'reset.submit' },
          { type: 'xstate.done.actor.resetPassword' },
        ]),
        step('login', [{ type: 'xstate.done.actor.login' }]),
      ],
    })
    expect(reset.steps.map((s) => [s.state, s.notTaken])).toEqual([
      ['editing.idle', []],
      ['signingIn', []],
      ['done', []],
    ])

    const service = await play({
      machine: 'serviceSignIn',
      logId: LOG_ID,
      input: { uid: 'not-recorded', login: { username: '', passkeyOffered: true } },
      steps: [
        step('oidc.interaction', [
          {
            type: 'xstate.done.actor.fetchDetails',
            output: { prompt: 'login', signedIn: null, freshSignIn: false, scopes: [] },
          },
        ]),
        step('login', [{ type: 'xstate.done.actor.login', output: {} }]),
        step('oidc.authorize', [
          { type: 'xstate.done.actor.completeLogin', output: { returnTo: '' } },
        ]),
      ],
    })
    expect(service.steps.map((s) => [s.state, s.notTaken])).toEqual([
      ['signingIn', []],
      ['completing', []],
      ['leaving', []],
    ])
  })

  it('never carries what was typed: placeholders only', () => {
    const typed = WRONG_CODE.steps.flatMap((s) => s.events).filter((e) => e.value !== undefined)
    expect(typed.map((e) => e.value)).toEqual(['ada@example.com', HIDDEN_PASSWORD, HIDDEN_CODE])
  })
})
