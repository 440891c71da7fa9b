import {
  assign,
  fromPromise,
  enqueueActions,
  type AnyActorRef,
  setup,
  type ActorRefFrom,
  type EventObject,
  type SnapshotFrom,
} from 'xstate'
import type { CatalogEntry } from '../../../flows/catalogEntry'
import {
  coverageOfMachine,
  loadMachine,
  pathsOf,
  type LoadedMachine,
  type MachinePaths,
} from '../../../flows/machinePaths'
import type { Coverage } from '../../../flows/model'
import { simulation, type SimulationEntry, type SimulationView } from './flowsChart.simulation'

/** One statechart as its page shows it: the machine, its readable paths and its coverage. */
export type Chart = { loaded: LoadedMachine; paths: MachinePaths; coverage: Coverage }

export const SECTIONS = ['simulate', 'paths', 'live', 'export'] as const
export type Section = (typeof SECTIONS)[number]

/** A path being played on the diagram: which one, and the step shown (0 is its start). */
export type Playing = { path: number; step: number }

type FlowsChartContext = {
  id: string
  entry: CatalogEntry | undefined
  chart: Chart | null
  error: string | null
  /** The model the simulation starts from (its input), for machines with several. */
  model: number
  simulation: SimulationView | null
  log: SimulationEntry[]
  playing: Playing | null
}

export type FlowsChartEvent =
  | { type: 'section.chosen'; section: Section }
  | { type: 'simulation.changed'; view: SimulationView }
  | { type: 'simulate.send'; event: EventObject }
  | { type: 'simulate.reset' }
  | { type: 'simulate.modelChosen'; model: number }
  | { type: 'path.play'; path: number }
  | { type: 'path.forward' }
  | { type: 'path.back' }
  | { type: 'path.stop' }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

// The browser paints 'Loading' before the paths are built and replayed.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

const stepsOf = (context: FlowsChartContext) =>
  context.playing ? (context.chart?.paths.paths[context.playing.path]?.steps.length ?? 0) : 0

const isSection =
  (section: Section) =>
  ({ event }: { event: FlowsChartEvent }) =>
    event.type === 'section.chosen' && event.section === section

/**
 * The Flows page of one statechart: loads it with its paths, runs it with its effects stubbed for
 * a person to simulate, and plays one of its paths step by step. The section on show (Simulate,
 * Paths, Live, Export) decides what the diagram lights up.
 */
export const flowsChartMachine = setup({
  types: {
    context: {} as FlowsChartContext,
    events: {} as FlowsChartEvent,
    input: {} as { id: string; entry: CatalogEntry | undefined },
  },
  actors: {
    loadChart: fromPromise<Chart, { id: string; entry: CatalogEntry | undefined }>(
      async ({ input }) => {
        if (!input.entry) throw new Error(`There is no statechart named “${input.id}”.`)
        const loaded = await loadMachine(input.entry)
        await nextTask()
        return { loaded, paths: pathsOf(loaded), coverage: coverageOfMachine(loaded) }
      },
    ),
    simulation,
  },
  guards: {
    isSimulate: isSection('simulate'),
    isPaths: isSection('paths'),
    isLive: isSection('live'),
    isExport: isSection('export'),
    canForward: ({ context }) => !!context.playing && context.playing.step < stepsOf(context),
    canBack: ({ context }) => !!context.playing && context.playing.step > 0,
  },
  actions: {
    startLog: assign({ simulation: null, log: [] }),
    showSimulation: assign({
      simulation: ({ event }) => (event as { view: SimulationView }).view,
      log: ({ context, event }) => {
        const { entry } = (event as { view: SimulationView }).view
        return entry ? [...context.log, entry] : context.log
      },
    }),
    // To the running simulation; the model-based test's copy of the chart runs none (its invokes
    // are events there), so a missing child is passed over rather than an error.
    passToSimulation: enqueueActions(({ enqueue, event, self }) => {
      const child = (
        self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined
      )?.children?.simulation
      if (child && event.type === 'simulate.send') enqueue.sendTo(child, event)
    }),
    play: assign({ playing: ({ event }) => ({ path: (event as { path: number }).path, step: 0 }) }),
  },
}).createMachine({
  id: 'flowsChart',
  description:
    'The Flows page of one statechart: its diagram, a simulation with effects stubbed, its paths.',
  context: ({ input }) => ({
    id: input.id,
    entry: input.entry,
    chart: null,
    error: null,
    model: 0,
    simulation: null,
    log: [],
    playing: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "Loads the statechart's paths module, builds its paths and replays them.",
      tags: ['busy'],
      invoke: {
        id: 'loadChart',
        src: 'loadChart',
        input: ({ context }) => ({ id: context.id, entry: context.entry }),
        onDone: {
          target: 'ready',
          actions: assign({ chart: ({ event }) => event.output }),
          description: 'The statechart and its paths are ready: the diagram shows.',
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error) }),
          description: 'It could not be loaded (unknown, or its paths module has no model yet).',
        },
      },
    },
    failed: {
      description: 'The statechart could not be shown; the message says why.',
      tags: ['error'],
    },
    ready: {
      description: 'The diagram, its outline and the four sections.',
      type: 'parallel',
      states: {
        section: {
          description: 'The section on show.',
          initial: 'simulate',
          on: {
            'section.chosen': [
              {
                guard: 'isSimulate',
                target: '.simulate',
                description: 'Simulate was chosen.',
              },
              { guard: 'isPaths', target: '.paths', description: 'Paths was chosen.' },
              { guard: 'isLive', target: '.live', description: 'Live was chosen.' },
              { guard: 'isExport', target: '.export', description: 'Export was chosen.' },
            ],
          },
          states: {
            simulate: {
              description: 'Simulate: the diagram lights up the simulated machine.',
              tags: ['simulate'],
            },
            paths: {
              description: 'Paths: the diagram lights up the step of the path being played.',
              tags: ['paths'],
            },
            live: {
              description: "Live: the console's own running actors, in a panel of their own.",
              tags: ['live'],
            },
            export: {
              description: 'Export: the diagram and the machine as files.',
              tags: ['export'],
            },
          },
        },
        simulation: {
          description: 'The production machine running here with its effects stubbed.',
          initial: 'running',
          states: {
            running: {
              description: 'It runs from its start; each event taken goes to the log.',
              entry: 'startLog',
              invoke: {
                id: 'simulation',
                src: 'simulation',
                input: ({ context }) => ({
                  machine: context.chart!.loaded.machine,
                  model: context.chart!.loaded.models[context.model]!,
                  graph: context.chart!.loaded.graph,
                }),
                // No onError: the simulation reports a failing machine in its view and never throws.
              },
              on: {
                'simulation.changed': {
                  actions: 'showSimulation',
                  description: 'The simulated machine started or took a step: the log grows.',
                },
                'simulate.send': {
                  actions: 'passToSimulation',
                  description: 'A person chose what happens next: the machine is sent that event.',
                },
                'simulate.reset': {
                  target: 'running',
                  reenter: true,
                  description: 'Reset: the machine starts again and the log is cleared.',
                },
                'simulate.modelChosen': {
                  target: 'running',
                  reenter: true,
                  actions: assign({ model: ({ event }) => event.model }),
                  description: 'Another starting point was chosen: the machine starts from it.',
                },
              },
            },
          },
        },
        path: {
          description: 'Playing one path on the diagram, step by step.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No path is playing.',
              on: {
                'path.play': {
                  target: 'playing',
                  actions: 'play',
                  description: 'Play was pressed on a path: the diagram shows its start.',
                },
              },
            },
            playing: {
              description: 'A path is playing: the diagram shows the step reached.',
              tags: ['playing'],
              on: {
                'path.play': {
                  actions: 'play',
                  description: 'Play was pressed on another path: it starts from its beginning.',
                },
                'path.forward': {
                  guard: 'canForward',
                  actions: assign({
                    playing: ({ context }) => ({
                      ...context.playing!,
                      step: context.playing!.step + 1,
                    }),
                  }),
                  description: 'Next step: the diagram shows what the next step does.',
                },
                'path.back': {
                  guard: 'canBack',
                  actions: assign({
                    playing: ({ context }) => ({
                      ...context.playing!,
                      step: context.playing!.step - 1,
                    }),
                  }),
                  description: 'Previous step: the diagram shows the step before.',
                },
                'path.stop': {
                  target: 'idle',
                  actions: assign({ playing: null }),
                  description: 'Stop: the path stops playing.',
                },
              },
            },
          },
        },
      },
    },
  },
})

export type FlowsChartActor = ActorRefFrom<typeof flowsChartMachine>
export type FlowsChartSnapshot = SnapshotFrom<typeof flowsChartMachine>
