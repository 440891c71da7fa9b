import type { FlowGraph } from './graph'
import type { ReadablePath } from './model'
import type { SpecSection } from './specSections'

/** A machine's graph and the model's paths over it (`pathsOf`). */
export type TracedMachine = { graph: FlowGraph; paths: ReadablePath[] }

export type EffectiveSpec = {
  /** State id → the sections it implements: its own `meta.spec`, else its parent's. */
  states: Map<string, string[]>
  /** Transition key → its own `meta.spec`, else its source state's. */
  transitions: Map<string, string[]>
}

/**
 * The sections each state and transition implements. A state's `meta.spec` holds for the states
 * inside it unless one names its own (`spec: []` names none); a transition without one implements
 * what its source state does.
 */
export function effectiveSpec(graph: FlowGraph): EffectiveSpec {
  const states = new Map<string, string[]>()
  // graph.states lists a parent before its children.
  for (const state of graph.states)
    states.set(state.id, state.spec ?? (state.parent ? (states.get(state.parent) ?? []) : []))
  const transitions = new Map<string, string[]>()
  for (const t of graph.transitions) transitions.set(t.key, t.spec ?? states.get(t.source) ?? [])
  return { states, transitions }
}

export type RequirementRow = {
  section: SpecSection
  /** Machine ids with a state or transition implementing the section or a part of it. */
  machines: string[]
  /** `<machine>: <transition key>`. */
  transitions: string[]
  /** `<machine>: <state id>`. */
  states: string[]
  /** Path ids (`login-3`) that take such a transition or pass through such a state. */
  paths: string[]
}

export type UnknownSection = { machine: string; where: string; section: string }

export type RequirementMap = {
  rows: RequirementRow[]
  /** Sections nothing covers; a part is left out when its enclosing section is listed. */
  uncovered: SpecSection[]
  /** Machines that name no section at all. */
  untraced: string[]
  /** `meta.spec` entries that name no section of the SPEC text. */
  unknown: UnknownSection[]
}

/** Whether `id` is `section` or one of its parts ('§4.17.2' is within '§4.17' and '§4'). */
const within = (id: string, section: string) => id === section || id.startsWith(`${section}.`)

/**
 * For every section of the chosen chapters (default §2, §4, §5): the machines, transitions, states
 * and paths that implement it or one of its parts, the sections with none, the machines that name
 * none, and the tags that name a section SPEC.md does not have.
 */
export function requirementMap(
  sections: SpecSection[],
  machines: TracedMachine[],
  chapters: string[] = ['§2', '§4', '§5'],
): RequirementMap {
  const known = new Set(sections.map((s) => s.id))
  const unknown: UnknownSection[] = []
  const untraced: string[] = []
  const traced = machines.map(({ graph, paths }) => {
    for (const s of graph.states)
      for (const id of s.spec ?? [])
        if (!known.has(id)) unknown.push({ machine: graph.id, where: `state ${s.id}`, section: id })
    for (const t of graph.transitions)
      for (const id of t.spec ?? [])
        if (!known.has(id))
          unknown.push({ machine: graph.id, where: `transition ${t.key}`, section: id })
    const spec = effectiveSpec(graph)
    const named = [...spec.states.values(), ...spec.transitions.values()].some((l) => l.length)
    if (!named) untraced.push(graph.id)
    return { graph, paths, spec }
  })

  const rows = sections
    .filter((s) => chapters.some((c) => within(s.id, c)))
    .map((section): RequirementRow => {
      const row: RequirementRow = { section, machines: [], transitions: [], states: [], paths: [] }
      for (const { graph, paths, spec } of traced) {
        const hits = (ids: string[]) => ids.some((id) => within(id, section.id))
        const states = [...spec.states].filter(([, ids]) => hits(ids)).map(([id]) => id)
        const keys = [...spec.transitions].filter(([, ids]) => hits(ids)).map(([key]) => key)
        if (!states.length && !keys.length) continue
        row.machines.push(graph.id)
        row.states.push(...states.map((id) => `${graph.id}: ${id}`))
        row.transitions.push(...keys.map((key) => `${graph.id}: ${key}`))
        const stateSet = new Set(states)
        const keySet = new Set(keys)
        for (const path of paths) {
          const passes =
            path.start.active.some((id) => stateSet.has(id)) ||
            path.steps.some(
              (step) =>
                step.taken.some((key) => keySet.has(key)) ||
                step.active.some((id) => stateSet.has(id)),
            )
          if (passes) row.paths.push(path.id)
        }
      }
      return row
    })

  const uncoveredIds = new Set<string>()
  const uncovered: SpecSection[] = []
  for (const row of rows) {
    if (row.machines.length) continue
    uncoveredIds.add(row.section.id)
    if (!row.section.parent || !uncoveredIds.has(row.section.parent)) uncovered.push(row.section)
  }
  return { rows, uncovered, untraced, unknown }
}

const joinTitles = (sections: SpecSection[]) => sections.map((s) => `${s.id} ${s.title}`).join(', ')

/**
 * The map as `npm run paths -- --coverage --by requirement` prints it: one row per section
 * (section, title, machines, transitions, paths; a chapter's row counts its machines), then the
 * sections nothing covers and the machines that name none.
 */
export function requirementTable(map: RequirementMap): string {
  const head = ['Section', 'Title', 'Machines', 'Transitions', 'Paths']
  const rows = map.rows.map(({ section, machines, transitions, paths }) => [
    section.id,
    section.title,
    section.parent
      ? machines.join(', ') || '—'
      : `${machines.length} machine${machines.length === 1 ? '' : 's'}`,
    String(transitions.length),
    String(paths.length),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  const parts = map.rows.filter((r) => r.section.parent)
  const covered = parts.filter((r) => r.machines.length).length
  const lines = [line(head), rule, ...rows.map(line), rule]
  lines.push(`${covered} of ${parts.length} sections covered by a statechart.`)
  lines.push(
    '',
    map.uncovered.length
      ? `Not covered by any statechart: ${joinTitles(map.uncovered)}.`
      : 'Every section is covered by a statechart.',
  )
  if (map.untraced.length)
    lines.push('', `Statecharts that name no section: ${map.untraced.join(', ')}.`)
  for (const u of map.unknown)
    lines.push(`${u.machine}: ${u.where} names ${u.section}, which SPEC.md does not have.`)
  return lines.join('\n')
}

/** The map as one JSON document (`--by requirement --format json`). */
export function requirementJson(map: RequirementMap): string {
  return `${JSON.stringify(
    {
      sections: map.rows.map(({ section, ...covered }) => ({ ...section, ...covered })),
      uncovered: map.uncovered.map((s) => s.id),
      untraced: map.untraced,
      unknown: map.unknown,
    },
    null,
    2,
  )}\n`
}
