import { describe, expect, it } from 'vitest'
import { assign, setup, type AnyMachineSnapshot, type EventObject } from 'xstate'
import { machineGraph } from '../../src/flows/graph'
import { definePaths } from '../../src/flows/model'
import { startStubbed } from '../../src/flows/replay'
import { simulationView } from '../../src/areas/flows/machines/flowsChart.simulation'

/** A kettle: a typed temperature, a guarded switch, an actor's endings, a timer, an action that throws. */
const kettle = setup({
  types: {
    context: {} as { target: number },
    events: {} as
      { type: 'kettle.set'; value: string } | { type: 'kettle.on' } | { type: 'kettle.break' },
  },
  actors: { heat: setup({}).createMachine({}) },
  guards: { hasTarget: ({ context }) => context.target > 0 },
}).createMachine({
  id: 'kettle',
  context: { target: 0 },
  initial: 'idle',
  states: {
    idle: {
      description: 'Cold.',
      on: {
        'kettle.set': {
          description: 'A temperature was typed',
          actions: assign({ target: ({ event }) => Number(event.value) }),
        },
        'kettle.on': { guard: 'hasTarget', target: 'heating', description: 'Switched on' },
        'kettle.break': {
          actions: assign(() => {
            throw new Error('The kettle broke.')
          }),
          description: 'Dropped',
        },
      },
    },
    heating: {
      description: 'Heating up.',
      invoke: {
        id: 'heat',
        src: 'heat',
        onDone: { target: 'boiled', description: 'It boiled' },
        onError: { target: 'idle', description: 'The element failed' },
      },
      after: { 60000: { target: 'idle', description: 'It took too long' } },
    },
    boiled: { type: 'final', description: 'Boiling water.' },
  },
})

const model = definePaths({
  name: 'Kettle',
  machine: kettle,
  events: [
    { type: 'kettle.set', value: '100' },
    { type: 'kettle.set', value: '80' },
    { type: 'xstate.error.actor.heat', error: new Error('No power') },
  ] as never,
})
const graph = machineGraph(kettle)
const input = { model, graph }

function run(events: (EventObject & { value?: string })[]) {
  let taken: string[] = []
  const actor = startStubbed(kettle, undefined, (keys) => taken.push(...keys))
  actor.subscribe({ error: () => {} })
  let view = simulationView(actor.getSnapshot() as AnyMachineSnapshot, taken, input)
  events.forEach((event, i) => {
    taken = []
    actor.send(event)
    view = simulationView(actor.getSnapshot() as AnyMachineSnapshot, taken, input, {
      step: i + 1,
      event,
    })
  })
  actor.stop()
  return view
}

describe('the simulation of a machine (Flows page)', () => {
  it('offers what the machine would take now, worded as its paths are', () => {
    const start = run([])
    expect(start).toMatchObject({ status: 'running', state: 'idle', checkpoint: 'Cold.' })
    // kettle.on is refused by its guard until a temperature is set; each sample is a choice.
    expect(start.choices.map((c) => [c.group, c.label, c.typed])).toEqual([
      ['kettle.set', 'A temperature was typed: “100”.', true],
      ['kettle.set', 'A temperature was typed: “80”.', true],
      ['kettle.break', 'Dropped.', false],
    ])
    expect(start.choices[0]!.takes).toEqual(['kettle.idle kettle.set#0'])
  })

  it("offers an actor's endings and a timer once it runs, and logs each step in words", () => {
    const heating = run([{ type: 'kettle.set', value: '100' }, { type: 'kettle.on' }])
    expect(heating.entry).toEqual({ step: 2, text: 'Switched on.', state: 'heating' })
    expect(heating.active).toEqual(['kettle', 'kettle.heating'])
    expect(heating.taken).toEqual(['kettle.idle kettle.on#0'])
    // The bare done event (no sample), the sample error, and the delay by its event.
    expect(heating.choices.map((c) => [c.group, c.label])).toEqual([
      ['done: heat', 'It boiled.'],
      ['error: heat', 'The element failed (No power).'],
      ['after 60000 ms', 'It took too long.'],
    ])
  })

  it('says when the machine finished, ignored an event or failed', () => {
    const boiled = run([
      { type: 'kettle.set', value: '100' },
      { type: 'kettle.on' },
      { type: 'xstate.done.actor.heat' },
    ])
    expect(boiled).toMatchObject({ status: 'finished', state: 'boiled', choices: [] })
    expect(run([{ type: 'kettle.on' }]).entry).toEqual({
      step: 1,
      text: 'Not taken: the machine ignored kettle.on here.',
      state: 'idle',
    })
    expect(run([{ type: 'kettle.break' }])).toMatchObject({
      status: 'failed',
      error: 'The kettle broke.',
      choices: [],
    })
  })
})
