import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate'
import { replay } from './replay'

// model.ts builds its 'cover' strategy on greedyCover: this file may not import it back.
type PathLike = { steps: { event: EventObject; state: unknown }[] }
const sent = (path: PathLike) =>
  path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init')

const atomicIds = (s: AnyMachineSnapshot) =>
  (s._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic').map((n) => n.id)

/**
 * The few paths that together reach every state and take every transition of `machine` (greedy
 * set cover, shorter paths first on a tie): each is driven through the real screen, so each must
 * earn its place. For models whose shortest paths are many because each way in is its own node.
 */
export function coveringPaths<P extends PathLike>(
  machine: AnyStateMachine,
  input: unknown,
  paths: P[],
): P[] {
  const covers = paths.map((path) => {
    const found = new Set(path.steps.flatMap((step) => atomicIds(step.state as AnyMachineSnapshot)))
    for (const step of replay(machine, input, sent(path)).steps)
      step.taken.forEach((key) => found.add(key))
    return found
  })
  return greedyCover(paths, covers, { shorterOnTie: true })
}

/**
 * Greedy set cover: the path covering the most items not yet covered, again and again, until
 * every item some path covers is covered (`covers[i]`: what `paths[i]` covers). On a tie the
 * first path wins, or with `shorterOnTie` the one of fewer steps.
 */
export function greedyCover<P extends { steps: unknown[] }>(
  paths: P[],
  covers: Set<string>[],
  { shorterOnTie }: { shorterOnTie: boolean },
): P[] {
  const left = new Set(covers.flatMap((cover) => [...cover]))
  const chosen: P[] = []
  while (left.size > 0) {
    let best = -1
    let gain = 0
    covers.forEach((cover, index) => {
      const g = [...cover].filter((item) => left.has(item)).length
      const shorter = paths[index]!.steps.length < (paths[best]?.steps.length ?? Infinity)
      if (g > gain || (shorterOnTie && g === gain && g > 0 && shorter)) {
        best = index
        gain = g
      }
    })
    if (best < 0) break
    covers[best]!.forEach((item) => left.delete(item))
    chosen.push(paths[best]!)
  }
  return chosen
}
