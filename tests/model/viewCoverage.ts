import { afterAll, expect } from 'vitest'
import type { AnyStateMachine, EventObject, InspectionEvent, Observer } from 'xstate'
import { machineGraph } from '../../src/flows/graph'
import { pathEvents, type AnyPathsModel } from '../../src/flows/model'
import { replay } from '../../src/flows/replay'
import { transitionKey } from '../../src/flows/transitionKey'
import { viewInspection } from '../setup/viewInspection'
import { describePath } from './describePath'

type Path = {
  steps: { event: EventObject }[]
  state: { value: unknown }
  test: (driver: never) => Promise<unknown>
}

/** The transitions an actor took in one inspection event, if it is the machine's (any copy). */
function takenBy(machineId: string, event: InspectionEvent): string[] {
  if (event.type !== '@xstate.microstep') return []
  const logic = (event.actorRef as { logic?: { id?: unknown } }).logic
  if (logic?.id !== machineId) return []
  return event._transitions.map(transitionKey)
}

/**
 * Coverage as the view drove it (issue 32, "Model steps the view really takes"). The replay
 * (flowsCoverage.test.ts) credits a path with the transitions its events take on the production
 * machine; this checks that the view's own actor of that machine (the one useScreenActor spawns
 * under the test's session, seen through tests/setup/viewInspection.ts) really took them while the
 * path's driver ran. After the file's tests it fails, listing each transition a driven path fires
 * in the replay that the view never took: a driver that sends nothing, or a test that ends first.
 *
 * Use `view.drive(path, driver)` in place of `path.test(driver)` (`view.follow(path, run)` where
 * the test walks the steps itself); a view whose actor the test starts itself passes
 * `view.inspect` to it.
 */
export function viewCoverage(model: Pick<AnyPathsModel, 'machine' | 'input'>) {
  const machine: AnyStateMachine = model.machine
  const graph = machineGraph(machine)
  const described = new Map(graph.transitions.map((t) => [t.key, t.description ?? '']))
  /** Transition key → the shortest driven path whose replay takes it. */
  const fired = new Map<string, { path: string; length: number }>()
  const taken = new Set<string>()
  const record = (event: InspectionEvent) => {
    for (const key of takenBy(graph.id, event)) taken.add(key)
  }
  const unsubscribe = viewInspection.subscribe(record)

  afterAll(() => {
    unsubscribe()
    const missing = [...fired].filter(([key]) => !taken.has(key))
    expect(
      missing.map(([key, { path }]) => `${key} (${described.get(key)}), fired by "${path}"`),
      `transitions of ${graph.id} its paths take but the view never took (of ${fired.size} fired, ${graph.transitions.length} in the machine)`,
    ).toEqual([])
  })

  /** Notes the transitions the path's replay takes, then runs the test that drives the view. */
  async function follow(
    path: Pick<Path, 'steps' | 'state'>,
    run: () => Promise<unknown>,
    input: unknown = model.input,
  ): Promise<void> {
    const name = describePath(path as never)
    // The shortest path that takes a transition names it best.
    const length = path.steps.length
    for (const step of replay(machine, input, pathEvents(path)).steps)
      for (const key of step.taken)
        if ((fired.get(key)?.length ?? Infinity) > length) fired.set(key, { path: name, length })
    await run()
  }

  return {
    /** Runs a path's test on the view (`path.test(driver)`), noting what its replay takes. */
    drive: <P extends Path>(path: P, driver: Parameters<P['test']>[0], input?: unknown) =>
      follow(path, () => path.test(driver), input),
    /** For a test that walks the path's steps itself. */
    follow,
    /** For a view whose actor the test creates itself: `createActor(logic, { inspect })`. */
    inspect: { next: record } as Observer<InspectionEvent>,
    /** The transition keys the view has taken so far. */
    taken: taken as ReadonlySet<string>,
  }
}
