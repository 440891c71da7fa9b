import type { ReactNode } from 'react'
import { fromPromise, type AnyActorLogic } from 'xstate'
import type { SelfUser } from '../../schema/user'
import {
  sessionMachine,
  startSession,
  type FetchSelfInput,
  type SessionActor,
} from '../../src/kit/session/session.machine'
import { SessionContext } from '../../src/kit/views/actors/sessionContext'
import { ProvidedLogicContext } from '../../src/kit/views/actors/useScreenActor'
import { createSyncStub } from './syncStub'
import { inspectViews } from './viewInspection'

/**
 * A root session actor for a view rendered alone: its session check never answers (or answers
 * `user`), its sync loads at once, and it owns the notification stack, so screen actors spawned
 * under it reach the session and the notifications as in the app.
 */
export function testSession(user?: SelfUser): SessionActor {
  return startSession(
    sessionMachine.provide({
      actors: {
        fetchSelf: fromPromise<SelfUser, FetchSelfInput>(() =>
          user ? Promise.resolve(user) : new Promise<SelfUser>(() => {}),
        ),
        signOut: fromPromise<void>(() => Promise.resolve()),
        sync: createSyncStub('instant').machine,
      },
    }),
    { inspect: inspectViews() },
  )
}

/** Puts `session` (and machines replacing the views' own, by machine id) above `children`. */
export function WithSession({
  session,
  provide = [],
  children,
}: {
  session: SessionActor
  provide?: readonly AnyActorLogic[]
  children: ReactNode
}) {
  return (
    <SessionContext.Provider value={session}>
      <ProvidedLogicContext.Provider value={provide}>{children}</ProvidedLogicContext.Provider>
    </SessionContext.Provider>
  )
}
