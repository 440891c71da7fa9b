import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { logReplay } from '../../../data/api/logReplay'
import type { CatalogEntry } from '../../../flows/catalogEntry'
import { loadMachine, type LoadedMachine } from '../../../flows/machinePaths'
import { playReplay, type PlayedReplay } from './flowsReplay.play'

/** A replay ready to show: the statechart (its diagram) and the steps played on it. */
export type ReplayChart = { loaded: LoadedMachine; played: PlayedReplay }

type Input = { machine: string; logId: string; entry: CatalogEntry | undefined }

type FlowsReplayContext = Input & {
  chart: ReplayChart | null
  error: string | null
  /** The step shown: 0 is the start, n the state after the n-th recorded step. */
  step: number
}

export type FlowsReplayEvent =
  | { type: 'replay.forward' }
  | { type: 'replay.back' }
  | { type: 'replay.show'; step: number }
  | { type: 'replay.play' }
  | { type: 'replay.pause' }
  | { type: 'replay.retry' }

/** How long Play shows each step. */
export const STEP_DELAY_MS = 1500

const stepsOf = (context: FlowsReplayContext) => context.chart?.played.steps.length ?? 0

/** An error's words, for the page that could not load. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The replay of a real sign-in (docs/flows-replay.md): loads the attempt the Logs row belongs to
 * and the statechart that drove it, plays the recorded steps on it, and shows them one at a time,
 * from the last (where the attempt stopped), back and forth or played in order.
 */
export const flowsReplayMachine = setup({
  types: {
    context: {} as FlowsReplayContext,
    events: {} as FlowsReplayEvent,
    input: {} as Input,
  },
  actors: {
    loadReplay: fromPromise<ReplayChart, Input>(async ({ input, signal }) => {
      if (!input.entry) throw new Error(`There is no statechart named “${input.machine}”.`)
      const [answer, loaded] = await Promise.all([
        logReplay(input.logId, { signal }),
        loadMachine(input.entry),
      ])
      if (answer.machine !== input.machine)
        throw new Error(
          `This event belongs to the statechart ${answer.machine}, not ${input.machine}.`,
        )
      return { loaded, played: playReplay(loaded, answer) }
    }),
  },
  delays: { stepDelay: STEP_DELAY_MS },
  guards: {
    canForward: ({ context }) => context.step < stepsOf(context),
    canBack: ({ context }) => context.step > 0,
    isAtEnd: ({ context }) => context.step >= stepsOf(context),
    isStep: ({ context, event }) =>
      event.type === 'replay.show' && event.step >= 0 && event.step <= stepsOf(context),
  },
  actions: {
    forward: assign({ step: ({ context }) => context.step + 1 }),
  },
}).createMachine({
  id: 'flowsReplay',
  description:
    'The replay of a real sign-in: the steps the audit log recorded, played on the statechart that drove it.',
  context: ({ input }) => ({ ...input, chart: null, error: null, step: 0 }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reads the attempt from the server and plays it on the statechart.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadReplay',
        src: 'loadReplay',
        input: ({ context }) => ({
          machine: context.machine,
          logId: context.logId,
          entry: context.entry,
        }),
        onDone: {
          target: 'ready',
          description: 'The attempt is played: the page shows its last step, where it stopped.',
          actions: assign({
            chart: ({ event }) => event.output,
            step: ({ event }) => event.output.played.steps.length,
          }),
        },
        onError: {
          target: 'failed',
          description:
            'The event is not there for this person, not a sign-in step, or the server failed; the alert says why.',
          actions: assign({ error: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    failed: {
      description: 'The replay could not be shown; the alert says why, with Try again.',
      tags: ['error'],
      on: {
        'replay.retry': { target: 'loading', description: 'Try again was pressed.' },
      },
    },
    ready: {
      description: 'The diagram lit at the step shown, the recorded steps and the player.',
      initial: 'paused',
      on: {
        'replay.forward': {
          guard: 'canForward',
          target: '.paused',
          description: 'Next step was pressed: the state after the next recorded step.',
          actions: 'forward',
        },
        'replay.back': {
          guard: 'canBack',
          target: '.paused',
          description: 'Previous step was pressed: the state after the step before.',
          actions: assign({ step: ({ context }) => context.step - 1 }),
        },
        'replay.show': {
          guard: 'isStep',
          target: '.paused',
          description: 'A recorded step was chosen in the list: the state after it.',
          actions: assign({
            step: ({ event }) => (event.type === 'replay.show' ? event.step : 0),
          }),
        },
      },
      states: {
        paused: {
          description: 'One step shown; Play plays the attempt from there.',
          on: {
            'replay.play': [
              {
                guard: 'isAtEnd',
                target: 'playing',
                description: 'Play was pressed on the last step: the attempt plays from its start.',
                actions: assign({ step: 0 }),
              },
              {
                target: 'playing',
                description: 'Play was pressed: the steps follow one another from here.',
              },
            ],
          },
        },
        playing: {
          description: 'Playing: the next step shows after a moment; Pause stops.',
          tags: ['playing'],
          after: {
            stepDelay: [
              {
                guard: 'canForward',
                target: 'playing',
                reenter: true,
                description: 'A moment passed: the next step shows.',
                actions: 'forward',
              },
              {
                target: 'paused',
                description: 'A moment passed on the last step: the attempt has played out.',
              },
            ],
          },
          on: {
            'replay.pause': { target: 'paused', description: 'Pause was pressed.' },
          },
        },
      },
    },
  },
})

export type FlowsReplayActor = ActorRefFrom<typeof flowsReplayMachine>
export type FlowsReplaySnapshot = SnapshotFrom<typeof flowsReplayMachine>
