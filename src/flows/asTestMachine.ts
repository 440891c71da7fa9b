import { createMachine, type AnyStateMachine } from 'xstate'
import { rebuildState } from './rebuildState'

type StateConfig = {
  invoke?: InvokeConfig | InvokeConfig[]
  on?: Record<string, unknown>
  states?: Record<string, StateConfig>
}
type InvokeConfig = { id?: string; src: unknown; onDone?: unknown; onError?: unknown }

function moveInvokesToEvents(state: StateConfig): StateConfig {
  const { invoke, states, ...rest } = state
  const on: Record<string, unknown> = { ...rest.on }
  for (const call of invoke ? [invoke].flat() : []) {
    if (!call.id)
      throw new Error('asTestMachine: give every invoke an id; the model names its events.')
    if (call.onDone) on[`xstate.done.actor.${call.id}`] = call.onDone
    if (call.onError) on[`xstate.error.actor.${call.id}`] = call.onError
  }
  return rebuildState(rest, on, states, (_, child) => moveInvokesToEvents(child))
}

/**
 * The same statechart with each invoke's endings turned into plain events
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`), because createTestModel refuses machines
 * that invoke. Transitions, guards and actions are the production ones; in the driven view the real
 * machine (with stubbed calls) runs, and the test settles each call when the path takes that event.
 */
export function asTestMachine<T extends AnyStateMachine>(machine: T): T {
  const config = moveInvokesToEvents(machine.config as StateConfig)
  return createMachine(config as never, machine.implementations as never) as unknown as T
}
