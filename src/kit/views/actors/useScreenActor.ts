import { useSelector } from '@xstate/react'
import { createContext, useContext, useEffect, useId, useRef } from 'react'
import type {
  ActorRefFrom,
  AnyActorLogic,
  AnyStateMachine,
  ConditionalRequired,
  InputFrom,
  IsNotNever,
  RequiredActorOptionsKeys,
} from 'xstate'
import type { SessionSnapshot } from '../../session/session.machine'
import { useSession } from './sessionContext'

/**
 * Machines given in place of the ones the views import, matched by machine id: the console's
 * actor injection. Tests provide `someMachine.provide({ actors: … })` here (renderApp's `provide`)
 * instead of mocking data modules; the app itself provides none.
 */
export const ProvidedLogicContext = createContext<readonly AnyActorLogic[]>([])

const idOf = (logic: AnyActorLogic): string | undefined =>
  'id' in logic && typeof logic.id === 'string' ? logic.id : undefined

const isMachine = (logic: AnyActorLogic): logic is AnyStateMachine =>
  'implementations' in logic && 'provide' in logic

/**
 * The logic to run for `logic`: the provided machine of the same id if there is one, with every
 * child it spawns or invokes swapped the same way, at any depth. A page machine owns its parts,
 * and a test still provides any of them by machine id.
 */
export function withProvided(
  logic: AnyActorLogic,
  provided: readonly AnyActorLogic[],
): AnyActorLogic {
  const own = provided.find((p) => idOf(p) === idOf(logic)) ?? logic
  if (!isMachine(own) || provided.length === 0) return own
  const children = Object.entries(own.implementations.actors as Record<string, AnyActorLogic>)
  const swaps = Object.fromEntries(
    children.flatMap(([name, child]) => {
      const swapped = withProvided(child, provided)
      return swapped === child ? [] : [[name, swapped]]
    }),
  )
  return Object.keys(swaps).length ? own.provide({ actors: swaps }) : own
}

type Options<TLogic extends AnyActorLogic> = { input?: InputFrom<TLogic> } & {
  [K in RequiredActorOptionsKeys<TLogic>]: unknown
}

/**
 * A screen's or dialog's actor, spawned as a child of the root session actor for as long as the
 * view is mounted: the console's one actor system (docs/architecture.md). Its machine reaches the
 * session, the notifications and the sync through `system.get()`, and the one inspector sees it.
 * Undefined until the view's first effect has spawned it (before the first paint in tests, which
 * render inside `act`).
 */
export function useScreenActor<TLogic extends AnyStateMachine>(
  logic: TLogic,
  ...[options]: ConditionalRequired<
    [options?: Options<TLogic>],
    IsNotNever<RequiredActorOptionsKeys<TLogic>>
  >
): ActorRefFrom<TLogic> | undefined {
  const session = useSession()
  const provided = useContext(ProvidedLogicContext)
  const id = `${logic.id}${useId()}`
  // Decided once, as useActorRef does: a later render's input does not restart the flow.
  const opening = useRef({
    logic: withProvided(logic, provided),
    input: options?.input,
  })
  useEffect(() => {
    const { logic: chosen, input } = opening.current
    session.send({ type: 'screen.open', id, logic: chosen, input })
    return () => session.send({ type: 'screen.close', id })
  }, [session, id])
  return useSelector(
    session,
    (snapshot: SessionSnapshot) => (snapshot.children as Record<string, unknown>)[id],
  ) as ActorRefFrom<TLogic> | undefined
}
