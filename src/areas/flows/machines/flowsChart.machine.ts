import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { flowsChartSetup, messageOf } from './flowsChart.setup'

export {
  SECTIONS,
  type Chart,
  type FlowsChartEvent,
  type Playing,
  type Section,
} from './flowsChart.setup'

/**
 * The Flows page of one statechart: loads it with its paths, runs it with its effects stubbed for
 * a person to simulate, and plays one of its paths step by step. The section on show (Simulate,
 * Paths, Changes, Live, Export) decides what the diagram lights up.
 *
 * The context, events, actors, guards and actions are in flowsChart.setup.ts; the simulation it
 * runs in flowsChart.simulation.ts.
 */
export const flowsChartMachine = flowsChartSetup.createMachine({
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
      description: 'The diagram, its outline and the five sections.',
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
              { guard: 'isChanges', target: '.changes', description: 'Changes was chosen.' },
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
            changes: {
              description:
                'Changes: the diagram marks what was added, removed or changed since the last release, and lists it.',
              tags: ['changes'],
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
