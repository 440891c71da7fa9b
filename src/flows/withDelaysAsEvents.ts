import { createMachine, type AnyStateMachine } from 'xstate'
import { rebuildState } from './rebuildState'

type StateConfig = {
  id?: string
  after?: Record<string, unknown>
  invoke?: InvokeConfig | InvokeConfig[]
  on?: Record<string, unknown>
  states?: Record<string, StateConfig>
}
type InvokeConfig = { id?: string; onSnapshot?: unknown }

function rewrite(state: StateConfig, id: string): StateConfig {
  const { after, states, ...rest } = state
  const on: Record<string, unknown> = { ...rest.on }
  for (const [delay, transition] of Object.entries(after ?? {})) {
    on[`xstate.after.${delay}.${id}`] = transition
  }
  for (const call of rest.invoke ? [rest.invoke].flat() : []) {
    if (call.id && call.onSnapshot) on[`xstate.snapshot.${call.id}`] = call.onSnapshot
  }
  return rebuildState(rest, on, states, (key, child) => rewrite(child, child.id ?? `${id}.${key}`))
}

/**
 * The same statechart with its delayed transitions (`after`) and invoke snapshots (`onSnapshot`)
 * as plain events named as XState names them (`xstate.after.<delay>.<state id>`,
 * `xstate.snapshot.<invoke id>`), because createTestModel refuses timers. Use it before
 * asTestMachine; the driven test advances the clock or emits the snapshot when a path takes them.
 */
export function withDelaysAsEvents<T extends AnyStateMachine>(machine: T): T {
  const config = machine.config as StateConfig
  const root = rewrite(config, config.id ?? '(machine)')
  return createMachine(root as never, machine.implementations as never) as unknown as T
}
