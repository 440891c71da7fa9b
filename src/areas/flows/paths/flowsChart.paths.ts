import type { AnyMachineSnapshot } from 'xstate'
import {
  SECTIONS,
  flowsChartMachine,
  type Chart,
  type FlowsChartEvent,
  type FlowsChartSnapshot,
} from '../machines/flowsChart.machine'
import { simulationView, type SimulationView } from '../machines/flowsChart.simulation'
import type { CatalogEntry } from '../../../flows/catalogEntry'
import { machineGraph, type FlowGraph } from '../../../flows/graph'
import { changesSinceRelease } from '../../../flows/release/changes'
import { coverageOfMachine, pathsOf, type LoadedMachine } from '../../../flows/machinePaths'
import { startStubbed } from '../../../flows/replay'
import { loginPaths } from '../../sign-in'
import { definePaths } from '../../../flows/model'

// The page of login, as loadChart answers it: the real machine, its paths and coverage, with a
// second starting point (no passkey on this browser) so that 'Start from' has a choice.
const loginModels = [
  loginPaths,
  {
    ...loginPaths,
    name: 'Sign-in on a browser without a passkey',
    input: { username: '', passkeyOffered: false },
  },
]
const entry: CatalogEntry = {
  id: 'login',
  usedIn: 'Login screen (/login)',
  load: () => Promise.resolve({ models: loginModels }),
}
const loaded: LoadedMachine = {
  entry,
  machine: loginPaths.machine,
  models: loginModels,
  graph: machineGraph(loginPaths.machine),
}

/**
 * Login as an older release had it, so that Changes has one change of each kind to show: a state
 * since retired (with its way out), the last transition not there yet, a description reworded.
 */
export function olderRelease(graph: FlowGraph): {
  version: string
  graphs: Record<string, FlowGraph>
} {
  const [root, first, ...rest] = graph.states
  const retired = `${root!.id}.retired`
  const older: FlowGraph = {
    ...graph,
    states: [
      { ...root!, children: [...root!.children, retired] },
      { ...first!, description: `${first!.description ?? ''} (as the release said it)` },
      ...rest,
      {
        id: retired,
        key: 'retired',
        path: 'retired',
        type: 'atomic',
        description: 'A step the release had and this version does without.',
        tags: [],
        entry: [],
        exit: [],
        invokes: [],
        children: [],
        parent: root!.id,
      },
    ],
    transitions: [
      ...graph.transitions.slice(0, -1),
      {
        key: `${retired} back#0`,
        kind: 'event',
        source: retired,
        targets: [first!.id],
        eventType: 'back',
        actions: [],
        reenter: false,
        description: 'Back to the start.',
      },
    ],
  }
  return { version: '0.0.9', graphs: { [graph.id]: older } }
}

let chart: Chart | undefined
/** loadChart's answer for login: built on first use, since it builds and replays login's paths. */
export const sampleChart = (): Chart =>
  (chart ??= Object.assign(
    {
      loaded,
      paths: pathsOf(loaded),
      coverage: coverageOfMachine(loaded),
      changes: changesSinceRelease(olderRelease(loaded.graph), loaded.graph),
    },
    // The graph library writes each step's event as JSON to tell paths apart; this event carries
    // the machine and every path of it, which would be written again at every path's first step.
    { toJSON: () => 'the page of login' },
  ))

/** What the simulation reports at its start, and after a username was typed. */
function simulationSamples(): [SimulationView, SimulationView] {
  const input = { model: loginPaths, graph: loaded.graph }
  let taken: string[] = []
  const actor = startStubbed(loaded.machine, loginPaths.input, (keys) => taken.push(...keys))
  const start = simulationView(actor.getSnapshot() as AnyMachineSnapshot, taken, input)
  const event = start.choices[0]!.event
  taken = []
  actor.send(event)
  const typed = simulationView(actor.getSnapshot() as AnyMachineSnapshot, taken, input, {
    step: 1,
    event,
  })
  actor.stop()
  return [start, typed]
}
export const [STARTED, TYPED] = simulationSamples()

export const UNKNOWN = 'There is no statechart named “nothing”.'

// Every sample is one object, so that filterEvents knows the samples from XState's bare events.
let load: FlowsChartEvent[] | undefined
const loadEvents = () =>
  (load ??= [
    { type: 'xstate.done.actor.loadChart', output: sampleChart() },
    { type: 'xstate.error.actor.loadChart', error: new Error(UNKNOWN) },
  ] as unknown as FlowsChartEvent[])
const CHOOSE = SECTIONS.map((section) => ({ type: 'section.chosen', section }) as const)
const SEND = { type: 'simulate.send', event: STARTED.choices[0]!.event } as const
const SIMULATE = {
  started: { type: 'simulation.changed', view: STARTED },
  typed: { type: 'simulation.changed', view: TYPED },
  reset: { type: 'simulate.reset' },
  models: [0, 1].map((model) => ({ type: 'simulate.modelChosen', model }) as const),
} as const
const PLAY = [
  { type: 'path.play', path: 0 },
  { type: 'path.play', path: 1 },
  { type: 'path.forward' },
  { type: 'path.back' },
  { type: 'path.stop' },
] as const

const sectionOf = (s: FlowsChartSnapshot) => SECTIONS.find((section) => s.hasTag(section))

// What a person can do where: the view offers simulating in Simulate and playing in Paths; the
// simulation reports its start first, and a choice can be sent once it is on show.
function events(s: FlowsChartSnapshot): readonly FlowsChartEvent[] {
  if (s.hasTag('busy')) return loadEvents()
  if (s.hasTag('error')) return []
  const section = sectionOf(s)
  if (section === 'simulate') {
    const simulation = s.context.simulation
    return [
      ...CHOOSE,
      ...(simulation ? (s.context.log.length ? [] : [SIMULATE.typed]) : [SIMULATE.started]),
      ...(simulation?.choices.some((c) => c.event === SEND.event) ? [SEND] : []),
      SIMULATE.reset,
      SIMULATE.models[s.context.model === 0 ? 1 : 0]!,
    ]
  }
  if (section === 'paths') {
    // One step forward is enough to go back: the model keeps the step, so it stays small.
    const moved = (s.context.playing?.step ?? 0) > 0
    return [...CHOOSE, ...PLAY.filter((e) => !(moved && e.type === 'path.forward'))]
  }
  return CHOOSE
}

// Steps that change nothing the model keeps, but take a transition of their own.
const VIA = new Set([
  'simulate.send',
  'simulate.reset',
  'simulate.modelChosen',
  'path.play',
  'path.back',
  'path.stop',
])

/** What the section on show tells apart: the simulation's report and log, or the step played. */
function summary(s: FlowsChartSnapshot): unknown[] {
  const section = sectionOf(s)
  if (!section) return [s.value]
  const { simulation, log, model, playing } = s.context
  if (section === 'simulate') return [section, simulation?.state ?? null, log.length, model]
  if (section === 'paths') return [section, s.hasTag('playing') ? playing : null]
  return [section]
}

function shows(s: FlowsChartSnapshot): string | undefined {
  if (s.hasTag('busy')) return 'Loading the statechart and replaying its paths'
  if (s.hasTag('error'))
    return `The message reads “This statechart cannot be shown: ${s.context.error}”`
  const section = sectionOf(s)
  if (section === 'simulate') {
    const simulation = s.context.simulation
    return [
      'Simulate',
      simulation ? `now in ${simulation.state}` : 'starting',
      `${simulation?.choices.length ?? 0} choices`,
      `the event log has ${s.context.log.length} steps`,
    ].join('; ')
  }
  if (section === 'paths') {
    const playing = s.hasTag('playing') ? s.context.playing : null
    return playing
      ? `Paths; ${s.context.chart?.paths.paths[playing.path]?.id ?? ''} at step ${playing.step}`
      : 'Paths; no path is playing'
  }
  if (section === 'changes') {
    const { diff, version } = s.context.chart!.changes
    return diff.change === 'same'
      ? 'Changes; no changes since the last release'
      : `Changes since release ${version}; the diagram marks them and ${diff.states.length + diff.transitions.length} are listed`
  }
  return section === 'live' ? 'Live' : 'Export'
}

export const flowsChartPaths = definePaths({
  name: "A statechart's page",
  machine: flowsChartMachine,
  input: { id: 'login', entry },
  events,
  // XState adds a bare event for every type the states handle; only the samples above are steps.
  filterEvents: (s, event) => events(s).includes(event) && s.can(event),
  serializeState: (s, event, previous) =>
    JSON.stringify(summary(s)) +
    (event && previous && VIA.has(event.type)
      ? ` via ${event.type} from ${JSON.stringify(summary(previous))}`
      : ''),
  shows,
})

export const models = [flowsChartPaths]
