import type { AnyStateNode, AnyTransitionDefinition } from 'xstate'

// Its own module: the live publisher (main.tsx) needs only this of the graph.
/**
 * The key of a transition definition, as `machineGraph` names it: source state, event type (or
 * `always`) and the index among that state's definitions for it (guarded branches are tried in
 * order). The same for any copy of the machine (`provide` builds new definition objects).
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source as AnyStateNode
  const eventType = transition.eventType as string
  const always = source.always ?? []
  const a = always.indexOf(transition)
  if (a >= 0) return `${source.id} always#${a}`
  const list = source.transitions.get(eventType) ?? []
  return `${source.id} ${eventType}#${list.indexOf(transition)}`
}
