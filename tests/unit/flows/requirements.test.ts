import { describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import { machineGraph } from '../../../src/flows/graph'
import type { ReadablePath, ReadableStep } from '../../../src/flows/model'
import {
  effectiveSpec,
  requirementJson,
  requirementMap,
  requirementTable,
} from '../../../src/flows/requirements'
import { parseSpecSections, sectionTitle } from '../../../src/flows/specSections'

const SPEC = `# Specification

## 1. Purpose

- Out of the map: chapter 1 is not asked for.

## 2. Screens

### Route table

| Route | Purpose |
|---|---|
| /home | home |

### Door

- Title 'Door'.

## 4. States and transitions

- Door: closed, open, locked after three tries.
- Alarm: rings when forced.
- Keys:
  - A new key starts blank.
  - Lost keys are blocked.

## 5. Validation rules

Forms validate on touch with a 250 ms error delay.

| Field | Rule |
|---|---|
| PIN | exactly 4 digits |
| Name (1 to 5, default 1) | any |

Allowed codes:

- Numeric, short: up to 4.
- Letters: none.
`

type DoorEvent = { type: 'door.open' } | { type: 'door.close' } | { type: 'door.lock' }

/** A door whose root, states and transitions name sections, one state naming none on purpose. */
const door = setup({ types: { events: {} as DoorEvent } }).createMachine({
  id: 'door',
  meta: { spec: ['§2.2', '§4.1'] },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'door.open': { target: 'open' },
        'door.lock': { target: 'locked', meta: { spec: ['§5.2'] } },
      },
    },
    open: {
      meta: { spec: ['§4.1', '§5.1'] },
      initial: 'wide',
      states: { wide: {}, ajar: { meta: { spec: [] } } },
      on: { 'door.close': { target: 'closed' } },
    },
    locked: { meta: { spec: ['§4.3.2', '§9.9'] } },
  },
})

const quiet = setup({}).createMachine({ id: 'quiet', initial: 'idle', states: { idle: {} } })

const path = (id: string, taken: string[], active: string[]): ReadablePath => ({
  id,
  model: 'door',
  machine: 'door',
  title: id,
  start: { state: 'closed', checkpoint: '', active: ['door', 'door.closed'] },
  // What the map reads of a step; the rest of a readable step is for people.
  steps: [
    { index: 1, action: '', event: '', state: '', checkpoint: '', taken, active } as ReadableStep,
  ],
})

const doorPaths = [
  path('door-1', ['door.closed door.open#0'], ['door', 'door.open', 'door.open.wide']),
  path('door-2', ['door.closed door.lock#0'], ['door', 'door.locked']),
]

describe('SPEC.md sections', () => {
  const sections = parseSpecSections(SPEC)

  it('numbers chapters, their ### headings, and else their paragraphs, items and table rows', () => {
    expect(sections.map((s) => `${s.id} ${s.title}`)).toEqual([
      '§1 Purpose',
      '§1.1 Out of the map',
      '§2 Screens',
      '§2.1 Route table',
      '§2.2 Door',
      '§4 States and transitions',
      '§4.1 Door',
      '§4.2 Alarm',
      '§4.3 Keys',
      '§4.3.1 A new key starts blank',
      '§4.3.2 Lost keys are blocked',
      '§5 Validation rules',
      '§5.1 Forms validate on touch with a 250 ms error delay',
      '§5.2 PIN',
      '§5.3 Name (1 to 5, default 1)',
      '§5.4 Allowed codes',
      '§5.4.1 Numeric, short',
      '§5.4.2 Letters',
    ])
    expect(sections.find((s) => s.id === '§4.3.2')?.parent).toBe('§4.3')
    expect(sections.find((s) => s.id === '§4')?.parent).toBeUndefined()
  })

  it('titles a part by its words up to a colon or the end of its first sentence', () => {
    expect(sectionTitle('Startup: the loading screen shows.')).toBe('Startup')
    expect(sectionTitle('Filter drawer is kept; on phones it closes.')).toBe(
      'Filter drawer is kept',
    )
    expect(sectionTitle('Rows (1 to 5, default 1) apply. More.')).toBe(
      'Rows (1 to 5, default 1) apply',
    )
    const long = sectionTitle(`${'word '.repeat(30)}end.`)
    expect(long.length).toBeLessThanOrEqual(80)
    expect(long.endsWith('…')).toBe(true)
  })
})

describe('spec sections in the graph', () => {
  const graph = machineGraph(door)

  it("exposes each state's and transition's own meta.spec, and nothing when there is none", () => {
    const state = (id: string) => graph.states.find((s) => s.id === id)!
    expect(state('door').spec).toEqual(['§2.2', '§4.1'])
    expect(state('door.open.ajar').spec).toEqual([])
    expect('spec' in state('door.closed')).toBe(false)
    const transition = (key: string) => graph.transitions.find((t) => t.key === key)!
    expect(transition('door.closed door.lock#0').spec).toEqual(['§5.2'])
    expect('spec' in transition('door.closed door.open#0')).toBe(false)
    expect('spec' in machineGraph(quiet).states[0]!).toBe(false)
  })

  it('lets children inherit a state’s sections unless they name their own', () => {
    const { states, transitions } = effectiveSpec(graph)
    expect(states.get('door.closed')).toEqual(['§2.2', '§4.1'])
    expect(states.get('door.open.wide')).toEqual(['§4.1', '§5.1'])
    expect(states.get('door.open.ajar')).toEqual([])
    expect(transitions.get('door.closed door.open#0')).toEqual(['§2.2', '§4.1'])
    expect(transitions.get('door.closed door.lock#0')).toEqual(['§5.2'])
    expect(transitions.get('door.open door.close#0')).toEqual(['§4.1', '§5.1'])
  })
})

describe('the requirement map', () => {
  const map = requirementMap(parseSpecSections(SPEC), [
    { graph: machineGraph(door), paths: doorPaths },
    { graph: machineGraph(quiet), paths: [] },
  ])
  const row = (id: string) => map.rows.find((r) => r.section.id === id)!

  it('lists §2, §4 and §5 only, each with the machines, transitions, states and paths on it', () => {
    expect(map.rows.map((r) => r.section.id)).not.toContain('§1')
    expect(map.rows.map((r) => r.section.id)).not.toContain('§1.1')
    expect(row('§5.2')).toMatchObject({
      machines: ['door'],
      transitions: ['door: door.closed door.lock#0'],
      states: [],
      paths: ['door-2'],
    })
    expect(row('§5.1').states).toEqual(['door: door.open', 'door: door.open.wide'])
    expect(row('§5.1').transitions).toEqual(['door: door.open door.close#0'])
    expect(row('§5.1').paths).toEqual(['door-1'])
    // Every path starts in 'closed', which inherits the root's sections.
    expect(row('§2.2').paths).toEqual(['door-1', 'door-2'])
  })

  it("counts a part's coverage for its enclosing section, never the other way round", () => {
    expect(row('§4.3').machines).toEqual(['door'])
    expect(row('§4.3').states).toEqual(['door: door.locked'])
    expect(row('§4.3.1').machines).toEqual([])
    expect(row('§4').machines).toEqual(['door'])
  })

  it('lists the sections nothing covers, without the parts of one already listed', () => {
    expect(map.uncovered.map((s) => s.id)).toEqual(['§2.1', '§4.2', '§4.3.1', '§5.3', '§5.4'])
  })

  it('names the machines with no section and the tags SPEC.md does not have', () => {
    expect(map.untraced).toEqual(['quiet'])
    expect(map.unknown).toEqual([{ machine: 'door', where: 'state door.locked', section: '§9.9' }])
  })

  it('prints a table, the sections with none, and JSON that parses', () => {
    const text = requirementTable(map)
    expect(text).toMatch(/^Section +Title +Machines +Transitions +Paths$/m)
    expect(text).toMatch(/^§5\.2 +PIN +door +1 +1$/m)
    expect(text).toMatch(/^§4 +States and transitions +1 machine +2 +2$/m)
    expect(text).toContain('6 of 13 sections covered by a statechart.')
    expect(text).toContain(
      'Not covered by any statechart: §2.1 Route table, §4.2 Alarm, §4.3.1 A new key starts blank, §5.3 Name (1 to 5, default 1), §5.4 Allowed codes.',
    )
    expect(text).toContain('Statecharts that name no section: quiet.')
    expect(text).toContain('door: state door.locked names §9.9, which SPEC.md does not have.')
    const json = JSON.parse(requirementJson(map)) as {
      sections: { id: string }[]
      uncovered: string[]
    }
    expect(json.sections).toHaveLength(map.rows.length)
    expect(json.uncovered).toEqual(['§2.1', '§4.2', '§4.3.1', '§5.3', '§5.4'])
  })
})
