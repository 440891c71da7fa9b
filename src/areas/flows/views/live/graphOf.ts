import type { CatalogEntry } from '../../../../flows/catalogEntry'
import type { FlowGraph } from '../../../../flows/graph'
import { loadMachine } from '../../../../flows/machinePaths'

const loading = new Map<string, Promise<FlowGraph>>()

/**
 * The graph of a catalog machine, loaded once per page (React's `use` needs the same promise on
 * every render). A failure is kept too: the panel says why instead of trying on every render.
 */
export function graphOf(catalog: readonly CatalogEntry[], machineId: string): Promise<FlowGraph> {
  let graph = loading.get(machineId)
  if (!graph) {
    const entry = catalog.find((e) => e.id === machineId)
    graph = entry
      ? loadMachine(entry).then((loaded) => loaded.graph)
      : Promise.reject(new Error(`${machineId} is not one of the console's statecharts.`))
    loading.set(machineId, graph)
  }
  return graph
}
