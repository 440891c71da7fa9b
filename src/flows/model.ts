import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  EventFromLogic,
  EventObject,
  InputFrom,
  SnapshotFrom,
} from 'xstate'
import {
  createTestModel,
  getAdjacencyMap,
  serializeSnapshot,
  type TestModel,
  type TestPath,
} from 'xstate/graph'
import { asTestMachine } from './asTestMachine'
import { greedyCover } from './covering'
import { machineGraph, type FlowGraph } from './graph'
import { fillPlaceholders, pathTitle, triggerOf, type StepTrigger, type Values } from './pathText'
import { replay } from './replay'
import { withDelaysAsEvents } from './withDelaysAsEvents'

export type Strategy = 'cover' | 'shortest' | 'simple'
export const STRATEGIES: Strategy[] = ['cover', 'shortest', 'simple']

/**
 * One model of a production machine: where it starts, the events a person (or a server answer,
 * or a timer) may send, and which snapshots count as different. The model-based test drives the
 * real view through these paths; `npm run paths` and the Flows page print them. One module per
 * machine in src/areas/<area>/paths/ (docs/flows.md).
 */
export type PathsModel<TMachine extends AnyStateMachine = AnyStateMachine> = {
  /** Names the model where a machine has several (e.g. 'Profile editor'). */
  name: string
  /** The production machine, unchanged. */
  machine: TMachine
  input?: InputFrom<TMachine>
  events:
    | readonly EventFromLogic<TMachine>[]
    | ((snapshot: SnapshotFrom<TMachine>) => readonly EventFromLogic<TMachine>[])
  /** What makes two snapshots different states of the model (default: value and context). */
  serializeState?: (
    snapshot: SnapshotFrom<TMachine>,
    event: EventFromLogic<TMachine> | undefined,
    previous: SnapshotFrom<TMachine> | undefined,
  ) => string
  filterEvents?: (snapshot: SnapshotFrom<TMachine>, event: EventFromLogic<TMachine>) => boolean
  /** Stops exploring past a snapshot (e.g. once the flow has ended). */
  stopWhen?: (snapshot: SnapshotFrom<TMachine>) => boolean
  /**
   * Reshapes the generated paths (a covering subset, replays with real answers); the test model
   * is there for paths given as events (`getPathsFromEvents`), e.g. self-loops no shortest path takes.
   */
  select?: (
    paths: TestPath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>[],
    testModel: TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, unknown>,
  ) => TestPath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>[]
  /** What the screen shows in a snapshot, in the product's words ('The Login button is off'). */
  shows?: (snapshot: SnapshotFrom<TMachine>) => string | undefined
  /** What the event carries, for a person ('types "ada"'); default: a string or number value. */
  detail?: (event: EventFromLogic<TMachine>) => string | undefined
  /**
   * The values a description's placeholders stand for in a snapshot ('{name}' → 'Paint'), where the
   * screen shows them. Default: the context's field of that name, or of one of its objects.
   */
  values?: (snapshot: SnapshotFrom<TMachine>) => Record<string, string | number | undefined>
}

export type AnyPathsModel = PathsModel<AnyStateMachine>

/**
 * A `serializeState` that counts the way in: the snapshot's `key`, and where the step changed the
 * state's value, the event and the value it came from. The shortest paths then take every
 * transition, not only reach every state.
 */
export const withWayIn =
  <TSnapshot extends { value: unknown }>(key: (snapshot: TSnapshot) => string) =>
  (snapshot: TSnapshot, event: { type: string } | undefined, previous: TSnapshot | undefined) =>
    key(snapshot) +
    (event && previous && JSON.stringify(previous.value) !== JSON.stringify(snapshot.value)
      ? ` via ${event.type} from ${JSON.stringify(previous.value)}`
      : '')

/** Typed helper: `definePaths({ machine: loginMachine, … })`. */
export function definePaths<TMachine extends AnyStateMachine>(
  model: PathsModel<TMachine>,
): PathsModel<TMachine> {
  return model
}

export type ModelPath<TMachine extends AnyStateMachine = AnyStateMachine> = TestPath<
  SnapshotFrom<TMachine>,
  EventFromLogic<TMachine>
>

// The graph library refuses invokes and timers; the test copy turns their endings into events.
const testMachines = new WeakMap<AnyStateMachine, AnyStateMachine>()
export function testMachineOf<T extends AnyStateMachine>(machine: T): T {
  let copy = testMachines.get(machine)
  if (!copy) {
    copy = asTestMachine(withDelaysAsEvents(machine))
    testMachines.set(machine, copy)
  }
  return copy as T
}

export function testModelOf<TMachine extends AnyStateMachine>(
  model: PathsModel<TMachine>,
): TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, unknown> {
  const options = {
    events: model.events,
    ...(model.input !== undefined ? { input: model.input } : {}),
    ...(model.serializeState ? { serializeState: model.serializeState } : {}),
    ...(model.filterEvents ? { filterEvents: model.filterEvents } : {}),
    ...(model.stopWhen ? { stopWhen: model.stopWhen } : {}),
  }
  return createTestModel(testMachineOf(model.machine), options as never)
}

// Simple paths grow exponentially with branching: past these, a machine gets its shortest paths.
const SIMPLE_PATHS_CAP = 1_000
const SIMPLE_VISITS_CAP = 200_000

type Step = { event: EventObject; state: AnyMachineSnapshot }

/**
 * Simple paths (no state twice) from the start to each dead end: every way through the model
 * without going round a loop. Null when there are more than the caps allow.
 */
function simplePaths(model: AnyPathsModel): { steps: Step[] }[] | null {
  const serialize =
    (model.serializeState as
      | ((s: AnyMachineSnapshot, e: EventObject | undefined, p?: AnyMachineSnapshot) => string)
      | undefined) ?? ((s: AnyMachineSnapshot) => serializeSnapshot(s))
  const map = getAdjacencyMap(testMachineOf(model.machine), {
    events: model.events as never,
    ...(model.input !== undefined ? { input: model.input } : {}),
    serializeState: serialize as never,
    ...(model.filterEvents ? { filterEvents: model.filterEvents as never } : {}),
    ...(model.stopWhen ? { stopWhen: model.stopWhen as never } : {}),
  }) as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, Step> }>
  const start = Object.keys(map)[0]
  if (start === undefined) return []
  const found: { steps: Step[] }[] = []
  const routes = new Set<string>()
  const onPath = new Set<string>([start])
  const steps: Step[] = [{ event: { type: 'xstate.init' }, state: map[start]!.state }]
  // Within one state, each kind of event once: typing a field twice is not another way through.
  const usedHere = (type: string, label: string) => {
    for (let i = steps.length - 1; i > 0 && stateLabel(steps[i]!.state) === label; i--)
      if (steps[i]!.event.type === type && stateLabel(steps[i - 1]!.state) === label) return true
    return false
  }
  let visits = 0
  const walk = (key: string): boolean => {
    if (++visits > SIMPLE_VISITS_CAP) return false
    const here = map[key]!
    const label = stateLabel(here.state)
    let extended = false
    for (const next of Object.values(here.transitions)) {
      const nextKey = serialize(next.state, next.event, here.state)
      // An event the state ignores is not a step (the graph keeps it when it changes the key).
      if (onPath.has(nextKey) || !map[nextKey] || !here.state.can(next.event)) continue
      if (stateLabel(next.state) === label && usedHere(next.event.type, label)) continue
      extended = true
      onPath.add(nextKey)
      steps.push(next)
      const ok = walk(nextKey)
      steps.pop()
      onPath.delete(nextKey)
      if (!ok) return false
    }
    if (!extended) {
      // Paths that differ only in what was typed on the way are one route.
      const route = steps.map((s) => `${s.event.type}>${stateLabel(s.state)}`).join(' ')
      if (!routes.has(route)) {
        routes.add(route)
        found.push({ steps: [...steps] })
        if (found.length > SIMPLE_PATHS_CAP) return false
      }
    }
    return true
  }
  return walk(start) ? found : null
}

export type BuiltPaths<TMachine extends AnyStateMachine = AnyStateMachine> = {
  paths: ModelPath<TMachine>[]
  strategy: Strategy
  /** Set when simple paths were asked for but were too many: shortest paths were used. */
  fellBack?: boolean
}

/**
 * The fewest shortest paths that still take every transition they take together (greedy set cover
 * over the production machine's transition keys, fewer steps first on a tie), in their first order.
 */
function coverPaths<TMachine extends AnyStateMachine>(
  model: PathsModel<TMachine>,
  paths: ModelPath<TMachine>[],
): ModelPath<TMachine>[] {
  const covers = paths.map(
    (path) =>
      new Set(replay(model.machine, model.input, pathEvents(path)).steps.flatMap((s) => s.taken)),
  )
  const chosen = new Set(greedyCover(paths, covers, { shorterOnTie: true }))
  return paths.filter((path) => chosen.has(path))
}

/**
 * The model's paths. Shortest (what the model-based test drives): one path to each state of the
 * model. Cover (QA's default in `npm run paths`): the fewest of those that take every transition
 * they take. Simple, for exploratory reading: every loop-free way to each dead end.
 */
export function buildPaths<TMachine extends AnyStateMachine>(
  model: PathsModel<TMachine>,
  strategy: Strategy = 'shortest',
): BuiltPaths<TMachine> {
  const select = model.select ?? ((p) => p)
  const testModel = testModelOf(model)
  const shortest = () => select(testModel.getShortestPaths(), testModel)
  if (strategy === 'simple') {
    const simple = simplePaths(model as unknown as AnyPathsModel)
    if (simple) return { paths: simple as never, strategy }
    return { paths: shortest(), strategy: 'shortest', fellBack: true }
  }
  if (strategy === 'cover') return { paths: coverPaths(model, shortest()), strategy }
  return { paths: shortest(), strategy }
}

/** The events a path sends after the start. */
export const pathEvents = (path: { steps: { event: EventObject }[] }): EventObject[] =>
  path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init')

// --- Readable paths ---------------------------------------------------------------------------

export type ReadableStep = {
  /** 1-based; the start is step 0. */
  index: number
  /** What happens, in words: the taken transition's description. */
  action: string
  /** Who makes it happen: a person's action, an answer (an invoked actor's end), time, progress. */
  trigger: StepTrigger
  /** The event as XState names it (for tools; never the text a person reads). */
  event: string
  /** The state the machine is in afterwards ('credentials.rejected'). */
  state: string
  /** The state's description: what a person checks. */
  checkpoint: string
  /** What the screen shows, where the model says. */
  screen?: string
  /** Keys of the transitions taken. */
  taken: string[]
  /** Ids of the state nodes active afterwards (what a diagram lights up). */
  active: string[]
}

export type ReadablePath = {
  /** `<machine>-<n>`, stable for the same model. */
  id: string
  model: string
  machine: string
  /** What happens on the path, from its last steps ('The server accepted the passkey (2 steps)'). */
  title: string
  start: { state: string; checkpoint: string; screen?: string; active: string[] }
  steps: ReadableStep[]
}

/** 'signedIn.ready', or 'editor.idle + uploads.none' for parallel regions. */
export function stateLabel(snapshot: AnyMachineSnapshot): string {
  const leaves = (snapshot._nodes as AnyStateNode[]).filter(
    (n) => n.type === 'atomic' || n.type === 'final',
  )
  return leaves.map((n) => n.path.join('.')).join(' + ') || '(start)'
}

const sentence = (text: string) => text.trim().replace(/([^.!?'")])$/, '$1.')

/** Every active state node's id, the root included. */
export const activeIds = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot._nodes as AnyStateNode[]).map((n) => n.id)

/** The descriptions of the active states, outermost first. */
export function checkpointOf(snapshot: AnyMachineSnapshot): string {
  const nodes = (snapshot._nodes as AnyStateNode[]).filter((n) => n.parent && n.description)
  return nodes.map((n) => sentence(n.description!)).join(' ')
}

export function defaultDetail(event: EventObject): string | undefined {
  const error = (event as { error?: unknown }).error
  if (error instanceof Error) return `(${error.message.replace(/[.\s]+$/, '')})`
  const value = (event as { value?: unknown }).value
  if (typeof value === 'string') return value === '' ? 'empty' : `“${value}”`
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

/** How the model words what an event carries ('“ada”', '(Incorrect Login)'), if anything. */
export const detailOf = (model: AnyPathsModel): ((event: EventObject) => string | undefined) =>
  (model.detail as ((event: EventObject) => string | undefined) | undefined) ?? defaultDetail

/** What the taken transitions did, in words: their descriptions, with the event's detail. */
export function actionText(graph: FlowGraph, taken: string[], detail: string | undefined): string {
  const byKey = new Map(graph.transitions.map((t) => [t.key, t]))
  const [first, ...rest] = taken.map((k) => byKey.get(k))
  const words = (t: typeof first | undefined) =>
    t?.description ? sentence(t.description) : `(${t?.eventType || 'always'}: no description)`
  let text = words(first)
  if (detail)
    text = detail.startsWith('(')
      ? `${text.replace(/\.$/, '')} ${detail}.`
      : `${text.replace(/\.$/, '')}: ${detail}.`
  for (const t of rest) text += ` Then: ${words(t)}`
  return text
}

/** A path as a person follows it: each step's action, the state it lands in and what shows. */
export function readablePaths<TMachine extends AnyStateMachine>(
  model: PathsModel<TMachine>,
  paths: ModelPath<TMachine>[],
  graph: FlowGraph = machineGraph(model.machine),
): ReadablePath[] {
  const detail = detailOf(model as AnyPathsModel)
  const shows = model.shows as ((s: AnyMachineSnapshot) => string | undefined) | undefined
  const values = model.values as ((s: AnyMachineSnapshot) => Values) | undefined
  return paths.map((path, n) => {
    const run = replay(model.machine, model.input, pathEvents(path))
    const [start, ...rest] = run.steps
    const steps = rest.map((step, i): ReadableStep => {
      const screen = shows?.(step.snapshot)
      const before = run.steps[i]!.snapshot
      return {
        index: i + 1,
        action: fillPlaceholders(
          actionText(graph, step.taken, detail(step.event)),
          [step.snapshot, before],
          values,
        ),
        trigger: triggerOf(step.event.type),
        event: step.event.type,
        state: stateLabel(step.snapshot),
        checkpoint: fillPlaceholders(checkpointOf(step.snapshot), [step.snapshot], values),
        ...(screen ? { screen } : {}),
        taken: step.taken,
        active: activeIds(step.snapshot),
      }
    })
    const startScreen = shows?.(start!.snapshot)
    const startState = stateLabel(start!.snapshot)
    return {
      id: `${graph.id}-${n + 1}`,
      model: model.name,
      machine: graph.id,
      title: pathTitle(steps, startState),
      start: {
        state: startState,
        checkpoint: fillPlaceholders(checkpointOf(start!.snapshot), [start!.snapshot], values),
        ...(startScreen ? { screen: startScreen } : {}),
        active: activeIds(start!.snapshot),
      },
      steps,
    }
  })
}

// --- Coverage ---------------------------------------------------------------------------------

export type Coverage = {
  machine: string
  total: number
  taken: number
  /** Transition keys no path takes. */
  missing: string[]
  /** Paths whose events the production machine did not all take (the model disagrees with it). */
  refused: { path: number; event: string }[]
}

/**
 * Which transition definitions of the production machine the paths take, read from the
 * inspection events of a replay (effects stubbed): each guarded branch, always, after, and each
 * invoke's done and error separately. A step the machine refused counts nothing.
 */
export function coverageOf(
  machine: AnyStateMachine,
  runs: { input: unknown; paths: { steps: { event: EventObject }[] }[] }[],
): Coverage {
  const graph = machineGraph(machine)
  const taken = new Set<string>()
  const refused: Coverage['refused'] = []
  for (const { input, paths } of runs) {
    paths.forEach((path, index) => {
      const events = pathEvents(path)
      const run = replay(machine, input, events)
      for (const step of run.steps) step.taken.forEach((k) => taken.add(k))
      if (run.refusedAt !== undefined)
        refused.push({ path: index, event: events[run.refusedAt]!.type })
    })
  }
  const all = graph.transitions.map((t) => t.key)
  return {
    machine: graph.id,
    total: all.length,
    taken: all.filter((k) => taken.has(k)).length,
    missing: all.filter((k) => !taken.has(k)),
    refused,
  }
}
