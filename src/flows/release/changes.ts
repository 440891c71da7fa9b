import { diffMachine, type Change, type MachineDiff } from '../diff'
import type { FlowGraph, FlowState } from '../graph'
import type { Release } from './release'

/** What the diagram marks: state ids and transition keys of the drawn graph, by their change. */
export type DiagramChanges = {
  states: ReadonlyMap<string, Change>
  transitions: ReadonlyMap<string, Change>
  /** States with a change below them: a collapsed one says so. */
  around: ReadonlySet<string>
}

/** One machine against the last release: the diff, and the graph that draws both versions. */
export type ChartChanges = {
  version: string
  /** The release had no such machine: all of it is new. */
  isNew: boolean
  diff: MachineDiff
  /** Today's graph with the removed states and transitions of the release put back in. */
  graph: FlowGraph
  marks: DiagramChanges
}

/** A removed transition's key in the drawn graph: apart from today's keys, which it may repeat. */
export const removedKey = (key: string) => `removed: ${key}`

/**
 * Today's graph with what the release had and today's lacks drawn back in: each removed state
 * under its old parent (where it stood among its siblings), each removed transition between
 * the states it joined. Every state and transition that differs is marked.
 */
export function changesGraph(
  diff: MachineDiff,
  before: FlowGraph | undefined,
  now: FlowGraph,
): Omit<ChartChanges, 'version' | 'isNew'> {
  const removedStates = diff.states.filter((s) => s.change === 'removed').map((s) => s.state)
  const children = new Map(now.states.map((s) => [s.id, [...s.children]]))
  for (const state of removedStates) children.set(state.id, [])
  const old = new Map(before?.states.map((s) => [s.id, s]))
  for (const state of removedStates) {
    const siblings = state.parent ? children.get(state.parent) : undefined
    if (!siblings) continue
    // Before the first of the siblings that followed it then and is still there, else last.
    const then = old.get(state.parent!)?.children ?? []
    const following = then.slice(then.indexOf(state.id) + 1)
    const at = siblings.findIndex((id) => following.includes(id))
    siblings.splice(at < 0 ? siblings.length : at, 0, state.id)
  }
  const states: FlowState[] = [...now.states, ...removedStates].map((s) => ({
    ...s,
    children: children.get(s.id) ?? s.children,
  }))
  const removedTransitions = diff.transitions.flatMap((t) =>
    t.change === 'removed' && t.before ? [{ ...t.before, key: removedKey(t.before.key) }] : [],
  )
  const stateMarks = new Map(diff.states.map((s) => [s.state.id, s.change]))
  const transitionMarks = new Map<string, Change>()
  for (const t of diff.transitions)
    transitionMarks.set(t.after ? t.after.key : removedKey(t.before!.key), t.change)
  const parents = new Map(states.map((s) => [s.id, s.parent]))
  const around = new Set<string>()
  const changedIn = [
    ...diff.states.map((s) => s.state.parent),
    ...diff.transitions.map((t) => (t.after ?? t.before)!.source),
  ]
  for (let id of changedIn) for (; id; id = parents.get(id)) around.add(id)
  return {
    diff,
    graph: { ...now, states, transitions: [...now.transitions, ...removedTransitions] },
    marks: { states: stateMarks, transitions: transitionMarks, around },
  }
}

/** The machine `now` against its graph in the release. */
export function changesSinceRelease(release: Release, now: FlowGraph): ChartChanges {
  const before = release.graphs[now.id]
  const diff = diffMachine(before, now)
  return { version: release.version, isNew: !before, ...changesGraph(diff, before, now) }
}
