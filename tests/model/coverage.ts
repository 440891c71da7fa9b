import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate'
import type { StatePath } from 'xstate/graph'

const atomicNodes = (node: AnyStateNode): AnyStateNode[] => {
  const children = Object.values(node.states) as AnyStateNode[]
  return children.length === 0 ? [node] : children.flatMap(atomicNodes)
}

// The events an atomic state handles: its own and those of every ancestor.
function handledEvents(node: AnyStateNode): string[] {
  const events: string[] = []
  for (let n: AnyStateNode | undefined = node; n; n = n.parent)
    events.push(...(n.ownEvents as string[]))
  return [...new Set(events)]
}

const activeAtomicIds = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot._nodes as AnyStateNode[])
    .filter((n) => Object.keys(n.states).length === 0)
    .map((n) => n.id)

/**
 * What the paths miss: atomic states never reached, and (atomic state, event type) pairs the machine
 * handles but no step takes. Empty lists mean every state and every transition is exercised.
 */
export function uncovered(
  machine: AnyStateMachine,
  paths: StatePath<AnyMachineSnapshot, EventObject>[],
) {
  const reached = new Set<string>()
  const taken = new Set<string>()
  for (const path of paths) {
    let previous: AnyMachineSnapshot | undefined
    for (const step of path.steps) {
      activeAtomicIds(step.state).forEach((id) => reached.add(id))
      if (previous) {
        for (const id of activeAtomicIds(previous)) taken.add(`${id} + ${step.event.type}`)
      }
      previous = step.state
    }
  }
  const atoms = atomicNodes(machine.root)
  const states = atoms.map((n) => n.id).filter((id) => !reached.has(id))
  const transitions = atoms
    .filter((n) => n.type !== 'final')
    .flatMap((n) => handledEvents(n).map((type) => `${n.id} + ${type}`))
    .filter((pair) => !taken.has(pair))
  return { states, transitions }
}
