import { describe, expect, it } from 'vitest'
import { fromPromise, setup } from 'xstate'
import { machineGraph } from '../../src/flows/graph'
import {
  initiallyCollapsed,
  layoutGraph,
  type DiagramLayout,
  type Rect,
} from '../../src/flows/layout'
import { textWidth } from '../../src/flows/layoutText'
import { attributeTreeMachine } from '../../src/areas/attributes/machines/attributeTree.machine'
import { notificationsMachine } from '../../src/kit/machines/notifications.machine'
import { syncMachine } from '../../src/kit/session/sync.machine'
import { twoFactorMachine } from '../../src/areas/account/machines/twoFactor.machine'
import { diagramSvg } from '../../src/areas/flows/views/diagram/exportDiagram'
import { PALETTES } from '../../src/areas/flows/views/diagram/palette'

/** A vault with one of everything the diagram draws. */
const vault = setup({
  types: {
    events: {} as
      | { type: 'vault.open' }
      | { type: 'vault.close' }
      | { type: 'vault.tick' }
      | { type: 'vault.force' }
      | { type: 'vault.alarm' }
      | { type: 'vault.reset' },
  },
  actors: { unlock: fromPromise(() => Promise.resolve(true)) },
  guards: { isArmed: () => true },
  actions: { count: () => {}, log: () => {} },
  delays: { relock: 1000 },
}).createMachine({
  id: 'vault',
  description: 'A vault.',
  initial: 'closed',
  on: { 'vault.alarm': { target: '.alarmed', actions: 'log' } },
  states: {
    closed: {
      description: 'Shut and locked.',
      tags: ['idle'],
      on: {
        'vault.open': { target: 'unlocking', guard: 'isArmed' },
        'vault.tick': { actions: 'count' },
        'vault.force': '#vault.open.door.shut',
      },
    },
    unlocking: {
      entry: 'log',
      exit: 'log',
      invoke: { src: 'unlock', id: 'unlock', onDone: 'open', onError: 'closed' },
    },
    open: {
      type: 'parallel',
      states: {
        door: {
          initial: 'ajar',
          states: { ajar: { on: { 'vault.close': 'shut' } }, shut: { type: 'final' } },
        },
        lights: {
          initial: 'on',
          states: { on: { on: { 'vault.tick': { target: 'on', reenter: true } } } },
        },
      },
      after: { relock: 'closed' },
      onDone: 'closed',
    },
    alarmed: {
      always: { target: 'closed', guard: 'isArmed' },
      on: { 'vault.reset': 'closed' },
    },
  },
})

const graph = machineGraph(vault)
const inside = (a: Rect, b: Rect) =>
  a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height
const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5
const stateOf = (layout: DiagramLayout, id: string) => layout.states.find((s) => s.id === id)
const text = (lines: { text: string }[]) => lines.map((l) => l.text).join(' ')
/** Every transition key the layout shows: on an arrow or as a row in a box. */
const shown = (layout: DiagramLayout) => [
  ...layout.edges.flatMap((e) => e.label?.entries.map((x) => x.key) ?? []),
  ...layout.states.flatMap((s) => s.rows.map((r) => r.key)),
]
const labelOf = (layout: DiagramLayout, key: string) =>
  text(layout.edges.flatMap((e) => e.label?.entries ?? []).find((x) => x.key === key)!.lines)

describe('layoutGraph', () => {
  it('nests every state in its parent, parallel regions dashed side by side, finals doubled', async () => {
    const layout = await layoutGraph(graph)
    expect(layout.states.map((s) => s.id)).toEqual(graph.states.map((s) => s.id))
    for (const s of layout.states) {
      if (s.parent) expect(inside(s, stateOf(layout, s.parent)!)).toBe(true)
      expect(inside(s, { x: 0, y: 0, width: layout.width, height: layout.height })).toBe(true)
    }
    expect(stateOf(layout, 'vault')!.shape).toBe('root')
    expect(stateOf(layout, 'vault.open.door')!.shape).toBe('region')
    expect(stateOf(layout, 'vault.open.lights')!.shape).toBe('region')
    expect(stateOf(layout, 'vault.open.door.shut')!.shape).toBe('final')
    expect(
      overlap(stateOf(layout, 'vault.open.door')!, stateOf(layout, 'vault.open.lights')!),
    ).toBe(false)
  })

  it("writes a state's key, tags, invokes, entry and exit actions and description in its box", async () => {
    const layout = await layoutGraph(graph)
    expect(text(stateOf(layout, 'vault.closed')!.lines)).toBe('closed Shut and locked.')
    expect(stateOf(layout, 'vault.closed')!.chips.map((c) => c.text)).toEqual(['idle'])
    expect(text(stateOf(layout, 'vault.unlocking')!.lines)).toBe(
      'unlocking invokes unlock entry / log exit / log',
    )
    expect(text(stateOf(layout, 'vault')!.lines)).toBe('vault A vault.')
    const plain = await layoutGraph(graph, { collapsed: new Set(), descriptions: false })
    expect(text(stateOf(plain, 'vault.closed')!.lines)).toBe('closed')
  })

  it('draws every transition once: on an arrow with its label, or as a row in its box', async () => {
    const layout = await layoutGraph(graph)
    expect(shown(layout).sort()).toEqual(graph.transitions.map((t) => t.key).sort())
    expect(labelOf(layout, 'vault.closed vault.open#0')).toBe('vault.open [isArmed]')
    expect(labelOf(layout, 'vault.unlocking xstate.done.actor.unlock#0')).toBe('done: unlock')
    expect(labelOf(layout, 'vault.unlocking xstate.error.actor.unlock#0')).toBe('error: unlock')
    expect(labelOf(layout, 'vault.open xstate.after.relock.vault.open#0')).toBe('after relock')
    expect(labelOf(layout, 'vault.alarmed always#0')).toBe('always [isArmed]')
    // A transition that stays, re-enters, or goes to a state inside its own box is a row there.
    const rows = (id: string) => stateOf(layout, id)!.rows.map((r) => text(r.lines))
    expect(rows('vault.closed')).toEqual(['vault.tick / count'])
    expect(rows('vault.open.lights.on')).toEqual(['↻ vault.tick'])
    expect(rows('vault')).toEqual(['vault.alarm → alarmed / log'])
    for (const e of layout.edges) expect(e.points.length).toBeGreaterThanOrEqual(2)
  })

  it('puts every transition between the same two boxes on one arrow, one label entry each', async () => {
    const layout = await layoutGraph(graph)
    const back = layout.edges.find(
      (e) => e.source === 'vault.alarmed' && e.target === 'vault.closed',
    )
    expect(back?.keys).toEqual(['vault.alarmed vault.reset#0', 'vault.alarmed always#0'])
    expect(back?.label?.entries.map((e) => text(e.lines))).toEqual([
      'vault.reset',
      'always [isArmed]',
    ])
    const [first, second] = back!.label!.entries
    expect(overlap(first!, second!)).toBe(false)
    expect(
      layout.edges.find((e) => e.target === 'vault.closed' && e.source === 'vault.unlocking')
        ?.error,
    ).toBe(true)
  })

  it('marks the initial state of the machine and of each compound state, not of a parallel one', async () => {
    const layout = await layoutGraph(graph)
    expect(layout.initials.map((i) => [i.state, i.target]).sort()).toEqual([
      ['vault', 'vault.closed'],
      ['vault.open.door', 'vault.open.door.ajar'],
      ['vault.open.lights', 'vault.open.lights.on'],
    ])
    for (const i of layout.initials) expect(inside(i.dot, stateOf(layout, i.state)!)).toBe(true)
  })

  it('draws a collapsed state as one box: arrows to its states point at it, those inside are hidden', async () => {
    const layout = await layoutGraph(graph, { collapsed: new Set(['vault.open']) })
    const open = stateOf(layout, 'vault.open')!
    expect(layout.states.filter((s) => s.id.startsWith('vault.open.'))).toEqual([])
    expect(open.collapsed).toBe(true)
    expect(open.inside.sort()).toEqual([
      'vault.open.door',
      'vault.open.door.ajar',
      'vault.open.door.shut',
      'vault.open.lights',
      'vault.open.lights.on',
    ])
    expect(text(open.lines)).toContain('5 states, 2 transitions inside')
    const force = layout.edges.find((e) => e.keys.includes('vault.closed vault.force#0'))
    expect(force?.target).toBe('vault.open')
    expect(shown(layout)).not.toContain('vault.open.door.ajar vault.close#0')
    expect(shown(layout)).not.toContain('vault.open.lights.on vault.tick#0')
    expect(layout.initials.map((i) => i.state)).toEqual(['vault'])
    // The root never folds: there would be nothing left to see.
    const root = await layoutGraph(graph, { collapsed: new Set(['vault']) })
    expect(stateOf(root, 'vault')!.collapsed).toBe(false)
  })

  it.each([
    ['vault', vault],
    ['notifications', notificationsMachine],
    ['sync', syncMachine],
  ])("keeps every line of %s's boxes inside its box", async (_, machine) => {
    const layout = await layoutGraph(machineGraph(machine))
    for (const s of layout.states)
      for (const line of [...s.lines, ...s.rows.flatMap((r) => r.lines)]) {
        const right = line.x + textWidth(line.text, line.size, line.bold)
        expect(right, `${s.id}: ${line.text}`).toBeLessThanOrEqual(s.x + s.width)
        expect(line.y, `${s.id}: ${line.text}`).toBeLessThanOrEqual(s.y + s.height)
      }
  })

  it('opens a big machine with its deep compound states collapsed, a small one whole', () => {
    expect(initiallyCollapsed(graph)).toEqual(new Set())
    // The machine's own states stay open, so the big picture shows first.
    expect(initiallyCollapsed(graph, 5)).toEqual(new Set(['vault.open.door', 'vault.open.lights']))
  })

  it.each([
    ['sync', syncMachine],
    ['attributeTree', attributeTreeMachine],
    ['twoFactor', twoFactorMachine],
  ])('lays %s out with no label over another label, a box or a header', async (_, machine) => {
    const big = machineGraph(machine)
    const layout = await layoutGraph(big)
    expect(shown(layout).sort()).toEqual(big.transitions.map((t) => t.key).sort())
    const labels = layout.edges.flatMap((e) => (e.label ? [e.label] : []))
    labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => expect(overlap(a, b)).toBe(false)))
    for (const s of layout.states) {
      const open = layout.states.some((c) => c.parent === s.id)
      const text = Math.max(...s.lines.map((l) => l.y + 4), ...s.rows.map((r) => r.y + r.height))
      const own = open ? { ...s, height: text - s.y } : s
      for (const label of labels) expect(overlap(label, own)).toBe(false)
    }
    // Read at fit-to-width in a 1200 px column, the text stays at least 0.7 of its size.
    expect(layout.width).toBeLessThanOrEqual(1200 / 0.7)
  })
})

describe('diagramSvg', () => {
  it('is a standalone SVG: namespace, its own background, explicit colours, generic fonts', async () => {
    const layout = await layoutGraph(graph)
    for (const theme of ['light', 'dark'] as const) {
      const svg = diagramSvg(graph, layout, theme)
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/)
      expect(svg).toContain(
        `<rect width="100%" height="100%" fill="${PALETTES[theme].background}"/>`,
      )
      expect(svg).toMatch(/font-family="[^"]*sans-serif"/)
      expect(svg).not.toContain('var(')
      expect(svg).toContain('<title>Diagram of vault</title>')
      expect(svg).toContain('<title>Shut and locked.</title>')
      expect(svg).toContain('vault.alarm → alarmed / log')
      expect(svg).toContain('data-role="state"')
      expect(svg).not.toContain('data-role="toggle"')
    }
  })

  it('highlights active states and taken transitions when asked', async () => {
    const layout = await layoutGraph(graph)
    const { activeStroke, taken } = PALETTES.light
    const plain = diagramSvg(graph, layout, 'light')
    expect(plain).not.toContain(activeStroke)
    expect(plain).not.toContain(taken)
    const lit = diagramSvg(graph, layout, 'light', {
      active: new Set(['vault.closed']),
      taken: new Set(['vault.closed vault.open#0']),
    })
    expect(lit).toContain(`stroke="${activeStroke}"`)
    expect(lit).toContain(`stroke="${taken}"`)
  })
})
