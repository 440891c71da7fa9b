/**
 * The Flows chart page's vocabulary and effects: its context and events, the chart it loads, and
 * the one `setup` (actors, guards, actions) the chart builds on (flowsChart.machine.ts).
 */
import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type AnyActorRef,
  type EventObject,
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
import { changesSinceRelease, type ChartChanges } from '../../../flows/release/changes'
import { loadRelease } from '../../../flows/release/release'
import { simulation, type SimulationEntry, type SimulationView } from './flowsChart.simulation'

/**
 * One statechart as its page shows it: the machine, its readable paths, its coverage, and what
 * changed in it since the last release.
 */
export type Chart = {
  loaded: LoadedMachine
  paths: MachinePaths
  coverage: Coverage
  changes: ChartChanges
}

export const SECTIONS = ['simulate', 'paths', 'changes', 'live', 'export'] as const
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

/** An error's words, for the page that could not load. */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

// The browser paints 'Loading' before the paths are built and replayed.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

const stepsOf = (context: FlowsChartContext) =>
  context.playing ? (context.chart?.paths.paths[context.playing.path]?.steps.length ?? 0) : 0

const isSection =
  (section: Section) =>
  ({ event }: { event: FlowsChartEvent }) =>
    event.type === 'section.chosen' && event.section === section

/** The chart's implementations; flowsChart.machine.ts builds the chart on them. */
export const flowsChartSetup = setup({
  types: {
    context: {} as FlowsChartContext,
    events: {} as FlowsChartEvent,
    input: {} as { id: string; entry: CatalogEntry | undefined },
  },
  actors: {
    loadChart: fromPromise<Chart, { id: string; entry: CatalogEntry | undefined }>(
      async ({ input }) => {
        if (!input.entry) throw new Error(`There is no statechart named “${input.id}”.`)
        const [loaded, release] = await Promise.all([loadMachine(input.entry), loadRelease()])
        await nextTask()
        return {
          loaded,
          paths: pathsOf(loaded),
          coverage: coverageOfMachine(loaded),
          changes: changesSinceRelease(release, loaded.graph),
        }
      },
    ),
    simulation,
  },
  guards: {
    isSimulate: isSection('simulate'),
    isPaths: isSection('paths'),
    isChanges: isSection('changes'),
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
})
