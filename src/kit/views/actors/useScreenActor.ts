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
    logic: provided.find((p) => idOf(p) === logic.id) ?? logic,
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
