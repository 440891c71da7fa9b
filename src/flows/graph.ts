import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { transitionKey } from './transitionKey'

export { transitionKey }

/** How a transition is triggered. */
export type TransitionKind =
  | 'event' // an event sent by a person or another actor
  | 'always' // eventless: taken as soon as its guard holds
  | 'after' // a delay elapsed in the source state
  | 'done' // an invoked actor finished
  | 'error' // an invoked actor failed
  | 'snapshot' // an invoked actor reported progress
  | 'final' // the source's child states reached a final state
  | 'wildcard' // any event the source has no other transition for

export type FlowTransition = {
  /** Stable across copies of the machine: source state id, event type and its index among them. */
  key: string
  kind: TransitionKind
  source: string
  /** Target state ids; empty for a transition that stays (runs actions only). */
  targets: string[]
  /** The event type as XState names it (for done/error/after, the internal name). */
  eventType: string
  /** For done/error/snapshot: the invoked actor's id. */
  actor?: string
  /** For after: the delay's name or milliseconds. */
  delay?: string | number
  guard?: string
  actions: string[]
  reenter: boolean
  description?: string
  /** SPEC.md sections its `meta.spec` names ('§4.2'); absent when it names none (docs/flows-requirements.md). */
  spec?: string[]
}

export type FlowInvoke = { id: string; src: string }

export type FlowState = {
  id: string
  key: string
  /** Path from the root, dot-separated ('' for the root): what `snapshot.matches` takes. */
  path: string
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  description?: string
  /** SPEC.md sections its `meta.spec` names; its children inherit them (src/flows/requirements.ts). */
  spec?: string[]
  tags: string[]
  initial?: string
  entry: string[]
  exit: string[]
  invokes: FlowInvoke[]
  children: string[]
  parent?: string
}

export type FlowGraph = {
  id: string
  description?: string
  root: string
  /** Every state node, root first, in document order. */
  states: FlowState[]
  transitions: FlowTransition[]
}

// A bundler shortens function names: one or two letters are not a name a person wrote.
const writtenName = (name: string) => (name.length > 2 && name !== 'anonymous' ? name : undefined)

const nameOf = (value: unknown, fallback: string): string => {
  if (typeof value === 'string') return value
  if (typeof value === 'function') {
    // XState's stateIn() guard carries the state it asks about.
    const stateValue = (value as { stateValue?: unknown }).stateValue
    if (stateValue !== undefined)
      return `in ${typeof stateValue === 'string' ? stateValue : JSON.stringify(stateValue)}`
    return writtenName(value.name) ?? fallback
  }
  if (value && typeof value === 'object' && 'type' in value) return String(value.type)
  return fallback
}

// `meta: { spec: ['§4.2'] }`: what the state or transition implements of SPEC.md.
function specOf(meta: unknown): { spec?: string[] } {
  const spec = (meta as { spec?: unknown } | undefined)?.spec
  return Array.isArray(spec) ? { spec: spec.map(String) } : {}
}

// XState's built-in action creators carry their kind; named actions are strings or { type }.
function actionName(action: unknown): string {
  if (typeof action === 'function') {
    const type = (action as { type?: string }).type
    if (type?.startsWith('xstate.')) return type.slice('xstate.'.length)
    return writtenName(action.name) ?? 'inline action'
  }
  return nameOf(action, 'action')
}

const childNodes = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[]

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childNodes(node).flatMap(allNodes)]
}

function kindOf(eventType: string, always: boolean): Pick<FlowTransition, 'kind' | 'actor'> {
  if (always) return { kind: 'always' }
  if (eventType === '*') return { kind: 'wildcard' }
  if (eventType.startsWith('xstate.after.')) return { kind: 'after' }
  for (const [prefix, kind] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ] as const) {
    if (eventType.startsWith(prefix)) return { kind, actor: eventType.slice(prefix.length) }
  }
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'final' }
  return { kind: 'event' }
}

function describeTransition(
  transition: AnyTransitionDefinition,
  always: boolean,
  delays: Map<string, string | number>,
): FlowTransition {
  const eventType = transition.eventType as string
  const { kind, actor } = kindOf(eventType, always)
  const guard = transition.guard ? nameOf(transition.guard, 'guard') : undefined
  return {
    key: transitionKey(transition),
    kind,
    source: (transition.source as AnyStateNode).id,
    targets: (transition.target ?? []).map((t: AnyStateNode) => t.id),
    eventType: always ? '' : eventType,
    ...(actor ? { actor } : {}),
    ...(kind === 'after' ? { delay: delays.get(eventType) } : {}),
    ...(guard ? { guard } : {}),
    actions: (transition.actions ?? []).map(actionName),
    reenter: !!transition.reenter,
    ...(transition.description ? { description: transition.description } : {}),
    ...specOf(transition.meta),
  }
}

function describeState(node: AnyStateNode): FlowState {
  const children = childNodes(node)
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined
  return {
    id: node.id,
    key: node.key,
    path: node.path.join('.'),
    type: node.type,
    ...(node.description ? { description: node.description } : {}),
    ...specOf(node.meta),
    tags: [...node.tags],
    ...(initial && node.type === 'compound' ? { initial: initial.id } : {}),
    entry: node.entry.map(actionName),
    exit: node.exit.map(actionName),
    invokes: node.invoke.map((i) => ({ id: i.id, src: nameOf(i.src, 'actor') })),
    children: children.map((c) => c.id),
    ...(node.parent ? { parent: node.parent.id } : {}),
  }
}

/**
 * A machine as plain data: every state node and every transition definition (each guarded branch,
 * always, after, and each invoke's done/error) with its description. The Flows page draws it,
 * `npm run paths` names steps from it, and coverage counts its transitions.
 */
export function machineGraph(machine: AnyStateMachine): FlowGraph {
  const nodes = allNodes(machine.root)
  const transitions: FlowTransition[] = []
  for (const node of nodes) {
    const delays = new Map<string, string | number>(
      node.after.map((t) => [t.eventType, t.delay as string | number]),
    )
    for (const list of node.transitions.values())
      for (const t of list) transitions.push(describeTransition(t, false, delays))
    for (const t of node.always ?? []) transitions.push(describeTransition(t, true, delays))
  }
  return {
    id: machine.id,
    ...(machine.root.description ? { description: machine.root.description } : {}),
    root: machine.root.id,
    states: nodes.map(describeState),
    transitions,
  }
}

/** A transition's label as a diagram shows it: event (or kind), guard, delay. */
export function transitionLabel(t: FlowTransition): string {
  const trigger =
    t.kind === 'always'
      ? 'always'
      : t.kind === 'after'
        ? `after ${typeof t.delay === 'number' ? `${t.delay} ms` : t.delay}`
        : t.kind === 'done'
          ? `done: ${t.actor}`
          : t.kind === 'error'
            ? `error: ${t.actor}`
            : t.kind === 'snapshot'
              ? `progress: ${t.actor}`
              : t.kind === 'final'
                ? 'done'
                : t.eventType
  return t.guard ? `${trigger} [${t.guard}]` : trigger
}
