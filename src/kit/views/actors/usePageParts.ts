import { useSelector } from '@xstate/react'
import type { AnyActorRef, SnapshotFrom } from 'xstate'

type ContextOf<TActor extends AnyActorRef> =
  SnapshotFrom<TActor> extends { context: infer C } ? C : never

const selectContext = <T>(s: { context: T } | undefined) => s?.context

/**
 * The parts a page machine spawned (its context: child refs that never change), once it runs.
 * A view selects from the parts and sends to them; it never hands one to another.
 */
export function usePageParts<TActor extends AnyActorRef>(
  page: TActor | undefined,
): ContextOf<TActor> | undefined {
  return useSelector(page, selectContext) as ContextOf<TActor> | undefined
}
