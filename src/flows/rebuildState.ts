type Rebuildable = { on?: Record<string, unknown>; states?: Record<string, Rebuildable> }

/**
 * A state of a test copy of a chart (asTestMachine.ts, withDelaysAsEvents.ts): `rest`, the state
 * without its child states, with `on` as its events when there are any, and its child `states`
 * in their order, each rebuilt by `child`.
 */
export function rebuildState<T extends Rebuildable>(
  rest: Omit<T, 'states'>,
  on: Record<string, unknown>,
  states: Record<string, T> | undefined,
  child: (key: string, state: T) => T,
): T {
  return {
    ...rest,
    ...(Object.keys(on).length ? { on } : {}),
    ...(states
      ? { states: Object.fromEntries(Object.entries(states).map(([k, v]) => [k, child(k, v)])) }
      : {}),
  } as T
}
