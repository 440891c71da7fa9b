import { Parser, AstBuilder, GherkinClassicTokenMatcher } from '@cucumber/gherkin'
import { IdGenerator } from '@cucumber/messages'
import { describe, expect, it } from 'vitest'
import { assign, fromPromise, setup, type EventObject } from 'xstate'
import { toCsv, toGherkin } from '../../src/flows/format'
import { machineGraph, transitionLabel } from '../../src/flows/graph'
import {
  buildPaths,
  coverageOf,
  definePaths,
  pathEvents,
  readablePaths,
} from '../../src/flows/model'
import { replay } from '../../src/flows/replay'

/** Small machine with one of everything the extraction must see. */
const door = setup({
  types: { context: {} as { tries: number; pin: string }, events: {} as DoorEvent },
  actors: { check: fromPromise<boolean, string>(() => Promise.resolve(true)) },
  guards: {
    hasPin: ({ context }) => context.pin.length === 4,
    tooMany: ({ context }) => context.tries >= 2,
  },
  actions: {
    count: assign({ tries: ({ context }) => context.tries + 1 }),
    beep: () => {
      throw new Error('effects run in a replay')
    },
  },
  delays: { relock: 5000 },
}).createMachine({
  id: 'door',
  description: 'A door with a keypad.',
  context: { tries: 0, pin: '' },
  initial: 'locked',
  states: {
    locked: {
      description: 'Locked.',
      on: {
        type: {
          description: 'A digit was typed.',
          actions: assign({ pin: ({ context, event }) => context.pin + event.digit }),
        },
        enter: [
          { guard: 'hasPin', target: 'checking', description: 'Enter with four digits.' },
          { actions: 'beep', description: 'Enter too soon.' },
        ],
      },
    },
    checking: {
      description: 'Asks the lock.',
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => context.pin,
        onDone: { target: 'open', description: 'The lock agreed.' },
        onError: { target: 'failed', actions: 'count', description: 'The lock refused.' },
      },
    },
    failed: {
      description: 'Wrong pin.',
      always: [
        { guard: 'tooMany', target: 'blocked', description: 'Too many tries.' },
        { target: 'locked', actions: assign({ pin: '' }), description: 'Try again.' },
      ],
    },
    open: {
      description: 'Open.',
      type: 'parallel',
      states: {
        latch: { description: 'The latch.', initial: 'up', states: { up: { description: 'Up.' } } },
        light: { description: 'The light.', initial: 'on', states: { on: { description: 'On.' } } },
      },
      after: { relock: { target: 'locked', description: 'Relocks after a while.' } },
    },
    blocked: { description: 'Blocked.', type: 'final' },
  },
})
type DoorEvent = { type: 'type'; digit: string } | { type: 'enter' }

// Events as a path sends them, the machine's own endings included.
const send = (...events: object[]) => events as EventObject[]

const keys = (m = door) => machineGraph(m).transitions.map((t) => t.key)

describe('machineGraph', () => {
  const graph = machineGraph(door)

  it('lists every state node with its nesting, type, description and invokes', () => {
    expect(graph.states.map((s) => [s.id, s.type, s.parent ?? null])).toEqual([
      ['door', 'compound', null],
      ['door.locked', 'atomic', 'door'],
      ['door.checking', 'atomic', 'door'],
      ['door.failed', 'atomic', 'door'],
      ['door.open', 'parallel', 'door'],
      ['door.open.latch', 'compound', 'door.open'],
      ['door.open.latch.up', 'atomic', 'door.open.latch'],
      ['door.open.light', 'compound', 'door.open'],
      ['door.open.light.on', 'atomic', 'door.open.light'],
      ['door.blocked', 'final', 'door'],
    ])
    expect(graph.states.find((s) => s.id === 'door.checking')?.invokes).toEqual([
      { id: 'check', src: 'check' },
    ])
    expect(graph.description).toBe('A door with a keypad.')
  })

  it('lists each guarded branch, always, after and invoke done/error as its own transition', () => {
    expect(graph.transitions.map((t) => [t.key, t.kind, t.targets, t.guard ?? null])).toEqual([
      ['door.locked type#0', 'event', [], null],
      ['door.locked enter#0', 'event', ['door.checking'], 'hasPin'],
      ['door.locked enter#1', 'event', [], null],
      ['door.checking xstate.done.actor.check#0', 'done', ['door.open'], null],
      ['door.checking xstate.error.actor.check#0', 'error', ['door.failed'], null],
      ['door.failed always#0', 'always', ['door.blocked'], 'tooMany'],
      ['door.failed always#1', 'always', ['door.locked'], null],
      ['door.open xstate.after.relock.door.open#0', 'after', ['door.locked'], null],
    ])
    const labels = graph.transitions.map(transitionLabel)
    expect(labels).toContain('enter [hasPin]')
    expect(labels).toContain('done: check')
    expect(labels).toContain('error: check')
    expect(labels).toContain('after relock')
    expect(labels).toContain('always [tooMany]')
    expect(graph.transitions.find((t) => t.kind === 'error')?.actions).toEqual(['count'])
  })

  it('gives the same keys for a copy of the machine', () => {
    expect(keys(door.provide({ actions: { beep: () => {} } }))).toEqual(keys())
  })
})

describe('replay', () => {
  const digits = (n: number) =>
    Array.from({ length: n }, () => ({ type: 'type', digit: '1' }) as const)

  it('records the transitions each event took, always included, with effects stubbed', () => {
    const run = replay(
      door,
      undefined,
      send(
        { type: 'enter' },
        ...digits(4),
        { type: 'enter' },
        { type: 'xstate.error.actor.check', error: new Error('no') },
      ),
    )
    expect(run.refusedAt).toBeUndefined()
    expect(run.steps[0]!.taken).toEqual([])
    expect(run.steps[1]!.taken).toEqual(['door.locked enter#1'])
    expect(run.steps.at(-1)!.taken).toEqual([
      'door.checking xstate.error.actor.check#0',
      'door.failed always#1',
    ])
  })

  it('takes delays and done events only when sent', () => {
    const run = replay(
      door,
      undefined,
      send(
        ...digits(4),
        { type: 'enter' },
        { type: 'xstate.done.actor.check', output: true },
        { type: 'xstate.after.relock.door.open' },
      ),
    )
    expect(run.steps.at(-2)!.snapshot.value).toEqual({ open: { latch: 'up', light: 'on' } })
    expect(run.steps.at(-1)!.taken).toEqual(['door.open xstate.after.relock.door.open#0'])
  })

  it('says where the machine refused an event, and counts nothing for it', () => {
    const run = replay(door, undefined, send({ type: 'xstate.done.actor.check', output: true }))
    expect(run.refusedAt).toBe(0)
    expect(run.steps[1]!.taken).toEqual([])
  })
})

const doorPaths = definePaths({
  name: 'Door',
  machine: door,
  events: [
    { type: 'type', digit: '1' },
    { type: 'enter' },
    { type: 'xstate.done.actor.check', output: true },
    { type: 'xstate.error.actor.check', error: new Error('Wrong pin') },
    { type: 'xstate.after.relock.door.open' },
  ] as never,
  // Shortest paths reach each serialized state once: naming the way in makes every transition a path.
  serializeState: (s, event) =>
    JSON.stringify([s.value, s.context.pin.length, s.context.tries, event?.type]),
  // A keypad takes four digits; more would only make the model bigger.
  filterEvents: (s, e) => e.type !== 'type' || s.context.pin.length < 4,
  shows: (s) =>
    s.matches('locked') ? `The keypad shows ${s.context.pin.length} digits` : undefined,
})

describe('coverage and readable paths', () => {
  const { paths } = buildPaths(doorPaths)

  it('counts every transition definition the paths take on the production machine', () => {
    const coverage = coverageOf(door, [{ input: undefined, paths }])
    expect(coverage).toMatchObject({ total: 8, missing: [], refused: [] })
  })

  it('names a path that leaves a branch out', () => {
    const short = paths.filter(
      (p) => !p.steps.some((s) => (s.event.type as string) === 'xstate.after.relock.door.open'),
    )
    const { missing, taken, total } = coverageOf(door, [{ input: undefined, paths: short }])
    expect(missing).toContain('door.open xstate.after.relock.door.open#0')
    expect(taken).toBe(total - missing.length)
  })

  it('reads each step as the taken transition’s description and each checkpoint as the states’', () => {
    const readable = readablePaths(doorPaths, paths)
    const blocked = readable.find((p) => p.steps.at(-1)?.state === 'blocked')!
    const last = blocked.steps.at(-1)!
    expect(last.action).toBe('The lock refused (Wrong pin). Then: Too many tries.')
    expect(last.checkpoint).toBe('Blocked.')
    expect(blocked.start).toEqual({
      state: 'locked',
      checkpoint: 'Locked.',
      screen: 'The keypad shows 0 digits',
      active: ['door', 'door.locked'],
    })
    expect(JSON.stringify(readable)).not.toMatch(
      /xstate\.(done|error|after)[^"]*"[,}]\s*"(action|checkpoint)/,
    )
    for (const step of readable.flatMap((p) => p.steps)) expect(step.action).not.toMatch(/xstate\./)
  })

  it('lists loop-free paths to every dead end for the simple strategy', () => {
    const simple = buildPaths(doorPaths, 'simple')
    expect(simple.strategy).toBe('simple')
    expect(simple.paths.length).toBeGreaterThan(0)
    for (const path of simple.paths) {
      const seen = path.steps.map((s) => doorPaths.serializeState!(s.state, s.event, undefined))
      expect(new Set(seen).size).toBe(seen.length)
      expect(replay(door, undefined, pathEvents(path)).refusedAt).toBeUndefined()
    }
  })

  it('writes valid Gherkin, one Scenario per path, and one CSV row per step', () => {
    const readable = readablePaths(doorPaths, paths)
    const text = toGherkin({ id: 'door', description: 'A door.', strategy: 'shortest' }, readable)
    const parser = new Parser(
      new AstBuilder(IdGenerator.incrementing()),
      new GherkinClassicTokenMatcher(),
    )
    const document = parser.parse(text)
    const scenarios = document.feature!.children.filter((c) => c.scenario)
    expect(scenarios).toHaveLength(readable.length)
    expect(scenarios[0]!.scenario!.steps[0]!.keyword.trim()).toBe('Given')
    const csv = toCsv({ id: 'door', strategy: 'shortest' }, readable).trimEnd().split('\r\n')
    const steps = readable.reduce((n, p) => n + p.steps.length + 1, 0)
    expect(csv).toHaveLength(steps + 1)
    expect(csv[0]).toBe('path,step,action,event,expected state,checkpoint,expected screen')
  })
})
