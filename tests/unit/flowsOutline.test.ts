import { describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import { machineGraph, type FlowState } from '../../src/flows/graph'
import { outlineMoves, visibleStates } from '../../src/areas/flows/views/outlineMoves'

const graph = machineGraph(
  setup({}).createMachine({
    id: 'm',
    initial: 'a',
    states: {
      a: { initial: 'a1', states: { a1: {}, a2: {} } },
      b: {},
    },
  }),
)
const state = (id: string) => graph.states.find((s) => s.id === id) as FlowState

describe("the Flows outline's keys (WAI-ARIA tree)", () => {
  it('shows every state in document order, and hides what is under a closed state', () => {
    expect(visibleStates(graph, new Set())).toEqual(['m', 'm.a', 'm.a.a1', 'm.a.a2', 'm.b'])
    expect(visibleStates(graph, new Set(['m.a']))).toEqual(['m', 'm.a', 'm.b'])
    expect(visibleStates(graph, new Set(['m']))).toEqual(['m'])
  })

  it('moves up and down through what is shown, Home and End to either end', () => {
    const open = outlineMoves(graph, new Set())
    expect(open.ArrowDown!(state('m.a.a2'))).toEqual({ focus: 'm.b' })
    expect(open.ArrowUp!(state('m.b'))).toEqual({ focus: 'm.a.a2' })
    expect(open.ArrowUp!(state('m'))).toEqual({})
    expect(open.ArrowDown!(state('m.b'))).toEqual({})
    expect(open.Home!(state('m.b'))).toEqual({ focus: 'm' })
    expect(open.End!(state('m'))).toEqual({ focus: 'm.b' })
    expect(outlineMoves(graph, new Set(['m.a'])).ArrowDown!(state('m.a'))).toEqual({
      focus: 'm.b',
    })
  })

  it('opens and enters with Right, closes and goes up with Left', () => {
    const open = outlineMoves(graph, new Set())
    expect(open.ArrowRight!(state('m.a'))).toEqual({ focus: 'm.a.a1' })
    expect(open.ArrowRight!(state('m.b'))).toEqual({})
    expect(open.ArrowLeft!(state('m.a'))).toEqual({ closed: new Set(['m.a']) })
    expect(open.ArrowLeft!(state('m.a.a2'))).toEqual({ focus: 'm.a' })
    expect(open.ArrowLeft!(state('m.b'))).toEqual({ focus: 'm' })
    const closed = outlineMoves(graph, new Set(['m.a', 'm.b']))
    expect(closed.ArrowRight!(state('m.a'))).toEqual({ closed: new Set(['m.b']) })
    expect(closed.ArrowLeft!(state('m.a'))).toEqual({ focus: 'm' })
    expect(open.Tab).toBeUndefined()
  })
})
