import { transitionLabel, type FlowGraph, type FlowState, type FlowTransition } from './graph'

/**
 * What changed in the behaviour of the console's statecharts between two versions: per machine,
 * the states and transitions added, removed or changed. Transitions are matched by what they mean
 * (source state, event, guard, targets), never by their `#index` key: reordering the branches of
 * an event is not a change, and neither is layout or formatting.
 */
export type Change = 'added' | 'removed' | 'changed'

/** One property that differs, as words: `before` and `after` are ready to print. */
export type FieldChange = { field: string; before: string; after: string }

export type StateDiff = {
  change: Change
  /** The state as it is now (removed: as it was). */
  state: FlowState
  fields: FieldChange[]
}

export type TransitionDiff = {
  change: Change
  /** Absent for an added transition. */
  before?: FlowTransition
  /** Absent for a removed transition. */
  after?: FlowTransition
  fields: FieldChange[]
  /** The transition in words: "editing → saving on save.pressed [canSave]". */
  text: string
}

export type MachineDiff = {
  id: string
  change: Change | 'same'
  states: StateDiff[]
  transitions: TransitionDiff[]
}

export type Graphs = Readonly<Record<string, FlowGraph>>

const NONE = 'none'
const list = (values: readonly string[]) => (values.length ? values.join(', ') : NONE)
const optional = (value: string | number | undefined) =>
  value === undefined || value === '' ? NONE : String(value)

function compare(pairs: readonly (readonly [string, string, string])[]): FieldChange[] {
  return pairs
    .filter(([, before, after]) => before !== after)
    .map(([field, before, after]) => ({ field, before, after }))
}

// SPEC.md sections a state or transition names in its meta (docs/flows-requirements.md).
const specOf = (part: object) => list((part as { spec?: string[] }).spec ?? [])

const pathOf = (graph: FlowGraph | undefined, id: string) => {
  const state = graph?.states.find((s) => s.id === id)
  return state ? state.path || `(${graph!.id})` : id
}

// XState starts an `after` timer with a raise on entry and stops it with a cancel on exit: those
// are the delayed transitions' doing, shown there, not actions a person wrote on the state.
function written(actions: readonly string[], timer: string, state: FlowState, graph: FlowGraph) {
  let timers = graph.transitions.filter((t) => t.source === state.id && t.kind === 'after').length
  const kept = [...actions]
  for (let i = kept.length - 1; i >= 0 && timers > 0; i--)
    if (kept[i] === timer) {
      kept.splice(i, 1)
      timers--
    }
  return kept
}

function stateFields(before: FlowState, after: FlowState, old: FlowGraph, now: FlowGraph) {
  const initial = (g: FlowGraph, s: FlowState) => (s.initial ? pathOf(g, s.initial) : NONE)
  const invokes = (s: FlowState) =>
    list(s.invokes.map((i) => (i.id === i.src ? i.id : `${i.id} (${i.src})`)))
  return compare([
    ['type', before.type, after.type],
    ['description', optional(before.description), optional(after.description)],
    ['tags', list([...before.tags].sort()), list([...after.tags].sort())],
    ['initial state', initial(old, before), initial(now, after)],
    [
      'entry actions',
      list(written(before.entry, 'raise', before, old)),
      list(written(after.entry, 'raise', after, now)),
    ],
    [
      'exit actions',
      list(written(before.exit, 'cancel', before, old)),
      list(written(after.exit, 'cancel', after, now)),
    ],
    ['invokes', invokes(before), invokes(after)],
    ['SPEC sections', specOf(before), specOf(after)],
  ])
}

// A delayed transition's event type carries the delay and the state id: its trigger is "after".
const triggerOf = (t: FlowTransition) => (t.kind === 'after' ? 'after' : t.eventType)
const targetsOf = (t: FlowTransition, g: FlowGraph) => t.targets.map((id) => pathOf(g, id))

/** A transition in words, with state paths: "editing → saving on save.pressed [canSave]". */
export function transitionText(t: FlowTransition, graph: FlowGraph): string {
  const to = t.targets.length ? list(targetsOf(t, graph)) : '(stays)'
  return `${pathOf(graph, t.source)} → ${to} on ${transitionLabel(t)}`
}

function transitionFields(
  before: FlowTransition,
  after: FlowTransition,
  old: FlowGraph,
  now: FlowGraph,
) {
  return compare([
    ['guard', optional(before.guard), optional(after.guard)],
    ['targets', list(targetsOf(before, old)), list(targetsOf(after, now))],
    ['delay', optional(before.delay), optional(after.delay)],
    ['actions', list(before.actions), list(after.actions)],
    ['re-enters', String(before.reenter), String(after.reenter)],
    ['description', optional(before.description), optional(after.description)],
    ['SPEC sections', specOf(before), specOf(after)],
  ])
}

/** Pairs items with the same signature, in their order; returns the pairs and what is left. */
function pairBy<T>(olds: T[], news: T[], signature: (t: T, side: 'old' | 'new') => string) {
  const waiting = new Map<string, T[]>()
  for (const t of olds) {
    const key = signature(t, 'old')
    waiting.set(key, [...(waiting.get(key) ?? []), t])
  }
  const pairs: [T, T][] = []
  const unmatched: T[] = []
  for (const t of news) {
    const match = waiting.get(signature(t, 'new'))?.shift()
    if (match) pairs.push([match, t])
    else unmatched.push(t)
  }
  return { pairs, oldLeft: [...waiting.values()].flat(), newLeft: unmatched }
}

function diffTransitions(old: FlowGraph, now: FlowGraph): TransitionDiff[] {
  const graphOf = (side: 'old' | 'new') => (side === 'old' ? old : now)
  // Exactly the same meaning first; then, what is left of the same state and event is a change
  // of its guard or targets, in order; the rest was added or removed.
  const exact = pairBy(old.transitions, now.transitions, (t, side) =>
    JSON.stringify([
      t.source,
      triggerOf(t),
      t.delay ?? null,
      t.guard ?? null,
      targetsOf(t, graphOf(side)),
    ]),
  )
  const loose = pairBy(exact.oldLeft, exact.newLeft, (t) =>
    JSON.stringify([t.source, triggerOf(t)]),
  )
  const diffs: TransitionDiff[] = []
  for (const [before, after] of [...exact.pairs, ...loose.pairs]) {
    const fields = transitionFields(before, after, old, now)
    if (fields.length)
      diffs.push({ change: 'changed', before, after, fields, text: transitionText(after, now) })
  }
  for (const before of loose.oldLeft)
    diffs.push({ change: 'removed', before, fields: [], text: transitionText(before, old) })
  for (const after of loose.newLeft)
    diffs.push({ change: 'added', after, fields: [], text: transitionText(after, now) })
  return diffs
}

const EMPTY = (id: string): FlowGraph => ({ id, root: id, states: [], transitions: [] })

/** One machine's changes from `before` to `after` (either absent: the machine was added or removed). */
export function diffMachine(
  before: FlowGraph | undefined,
  after: FlowGraph | undefined,
): MachineDiff {
  const id = (after ?? before)!.id
  const old = before ?? EMPTY(id)
  const now = after ?? EMPTY(id)
  const oldStates = new Map(old.states.map((s) => [s.id, s]))
  const newIds = new Set(now.states.map((s) => s.id))
  const states: StateDiff[] = []
  for (const state of now.states) {
    const was = oldStates.get(state.id)
    if (!was) states.push({ change: 'added', state, fields: [] })
    else {
      const fields = stateFields(was, state, old, now)
      if (fields.length) states.push({ change: 'changed', state, fields })
    }
  }
  for (const state of old.states)
    if (!newIds.has(state.id)) states.push({ change: 'removed', state, fields: [] })
  const transitions = diffTransitions(old, now)
  const change = !before
    ? 'added'
    : !after
      ? 'removed'
      : states.length || transitions.length
        ? 'changed'
        : 'same'
  // The machine's own description is its root state's: a change of it shows there.
  return { id, change, states, transitions }
}

/** Every machine in either set, in the order of `after` then the removed ones; unchanged left out. */
export function diffGraphs(before: Graphs, after: Graphs, only?: readonly string[]): MachineDiff[] {
  const ids = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter(
    (id) => !only?.length || only.includes(id),
  )
  return ids.map((id) => diffMachine(before[id], after[id])).filter((d) => d.change !== 'same')
}

/** Whether anything was taken away: a machine, a state or a transition (for `--fail-on removed`). */
export const hasRemovals = (diffs: readonly MachineDiff[]) =>
  diffs.some(
    (d) =>
      d.change === 'removed' ||
      d.states.some((s) => s.change === 'removed') ||
      d.transitions.some((t) => t.change === 'removed'),
  )

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** "2 states added, 1 transition changed": what a machine's diff holds, in one line. */
export function diffSummary(d: MachineDiff): string {
  const parts: string[] = []
  for (const change of ['added', 'removed', 'changed'] as const) {
    const states = d.states.filter((s) => s.change === change).length
    const transitions = d.transitions.filter((t) => t.change === change).length
    if (states) parts.push(`${count(states, 'state')} ${change}`)
    if (transitions) parts.push(`${count(transitions, 'transition')} ${change}`)
  }
  return parts.join(', ')
}

const SIGN: Record<Change, string> = { added: '+', removed: '-', changed: '~' }
const WORD: Record<Change, string> = { added: 'Added', removed: 'Removed', changed: 'Changed' }

export type ChangeLine = { change: Change; text: string; fields: FieldChange[] }

/** One line per change of a machine, without its sign: "state codeStep.resend: Sends it again." */
export function changeLines(d: MachineDiff): ChangeLine[] {
  const name = (s: FlowState) => (s.path ? `state ${s.path}` : 'the machine itself')
  return [
    ...d.states.map((s) => ({
      change: s.change,
      text:
        s.change === 'changed' || !s.state.description
          ? name(s.state)
          : `${name(s.state)}: ${s.state.description}`,
      fields: s.fields,
    })),
    ...d.transitions.map((t) => {
      const description = t.change === 'changed' ? undefined : (t.after ?? t.before)!.description
      return {
        change: t.change,
        text: `transition ${t.text}${description ? `: ${description}` : ''}`,
        fields: t.fields,
      }
    }),
  ]
}

const fieldText = (f: FieldChange) => `${f.field}: ${f.before} → ${f.after}`

function machineHeading(d: MachineDiff) {
  if (d.change === 'added') return `${d.id}: added (${count(d.states.length, 'state')})`
  if (d.change === 'removed') return `${d.id}: removed`
  return `${d.id}: ${diffSummary(d)}`
}

/** The diff as plain text, for a terminal: + added, - removed, ~ changed, with what changed. */
export function diffText(diffs: readonly MachineDiff[], since: string): string {
  if (!diffs.length) return `No behavioural changes since ${since}.`
  const out = [`Behavioural changes since ${since}: ${count(diffs.length, 'machine')}.`]
  for (const d of diffs) {
    out.push('', machineHeading(d))
    if (d.change === 'added' || d.change === 'removed') continue
    for (const line of changeLines(d)) {
      out.push(`  ${SIGN[line.change]} ${line.text}`)
      for (const f of line.fields) out.push(`      ${fieldText(f)}`)
    }
  }
  return out.join('\n')
}

// Inline code cannot hold a backtick, and a table or list must not be broken by a line break.
const md = (value: string) => value.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`).replace(/\n/g, ' ')

/** The diff as Markdown, for a review comment: a heading per machine, a list per kind of change. */
export function diffMarkdown(diffs: readonly MachineDiff[], since: string): string {
  if (!diffs.length) return `No behavioural changes since ${md(since)}.`
  const out = [
    `## Behavioural changes since ${md(since)}`,
    '',
    `${count(diffs.length, 'machine')} changed.`,
  ]
  for (const d of diffs) {
    out.push('', `### ${md(d.id)}`, '')
    if (d.change === 'added' || d.change === 'removed') {
      out.push(
        `${WORD[d.change]} machine (${count(d.states.length, 'state')}, ${count(d.transitions.length, 'transition')}).`,
      )
      continue
    }
    out.push(`${md(diffSummary(d))}.`, '')
    for (const line of changeLines(d)) {
      out.push(`- **${WORD[line.change]}** ${md(line.text)}`)
      for (const f of line.fields) out.push(`  - ${md(f.field)}: ${md(f.before)} → ${md(f.after)}`)
    }
  }
  return out.join('\n')
}
