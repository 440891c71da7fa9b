import type { AnyStateMachine } from 'xstate'
import type { CatalogEntry } from './catalogEntry'
import { machineGraph, type FlowGraph } from './graph'
import {
  buildPaths,
  coverageOf,
  readablePaths,
  type AnyPathsModel,
  type Coverage,
  type ReadablePath,
  type Strategy,
} from './model'

export type LoadedMachine = {
  entry: CatalogEntry
  machine: AnyStateMachine
  models: AnyPathsModel[]
  graph: FlowGraph
}

export async function loadMachine(entry: CatalogEntry): Promise<LoadedMachine> {
  const { models } = await entry.load()
  const machine = models[0]?.machine
  if (!machine) throw new Error(`${entry.id}: its paths module has no model.`)
  return { entry, machine, models, graph: machineGraph(machine) }
}

export type MachinePaths = {
  strategy: Strategy
  fellBack: boolean
  paths: ReadablePath[]
}

/** Every model's paths for the machine, readable, numbered across its models. */
export function pathsOf(loaded: LoadedMachine, strategy: Strategy = 'shortest'): MachinePaths {
  let fellBack = false
  const paths = loaded.models.flatMap((model) => {
    const built = buildPaths(model, strategy)
    fellBack ||= !!built.fellBack
    return readablePaths(model, built.paths, loaded.graph)
  })
  paths.forEach((p, i) => (p.id = `${loaded.graph.id}-${i + 1}`))
  return { strategy: fellBack ? 'shortest' : strategy, fellBack, paths }
}

/** The coverage the model-based tests reach: the shortest paths of every model, replayed. */
export function coverageOfMachine(loaded: LoadedMachine): Coverage {
  return coverageOf(
    loaded.machine,
    loaded.models.map((model) => ({
      input: model.input as unknown,
      paths: buildPaths(model).paths,
    })),
  )
}

export type Described = {
  states: number
  statesDescribed: number
  transitions: number
  transitionsDescribed: number
  undescribed: string[]
}

/** Which states (below the root's children too) and transitions lack a description. */
export function descriptionsOf(graph: FlowGraph): Described {
  const states = graph.states
  const undescribedStates = states.filter((s) => !s.description).map((s) => `state ${s.id}`)
  const undescribedTransitions = graph.transitions
    .filter((t) => !t.description)
    .map((t) => `transition ${t.key}`)
  return {
    states: states.length,
    statesDescribed: states.length - undescribedStates.length,
    transitions: graph.transitions.length,
    transitionsDescribed: graph.transitions.length - undescribedTransitions.length,
    undescribed: [...undescribedStates, ...undescribedTransitions],
  }
}
