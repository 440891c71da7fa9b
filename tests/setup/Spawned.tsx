import type { ReactNode } from 'react'
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate'
import { useScreenActor } from '../../src/kit/views/actors/useScreenActor'

/**
 * A dialog's statechart spawned by the test as its owner (a page machine) would, so that the
 * dialog's view is rendered alone with the actor it is given.
 */
export function Spawned<T extends AnyStateMachine>({
  logic,
  input,
  children,
}: {
  logic: T
  input: InputFrom<T>
  children: (actor: ActorRefFrom<T>) => ReactNode
}) {
  const actor = useScreenActor<T>(logic, { input })
  return actor ? children(actor) : null
}
