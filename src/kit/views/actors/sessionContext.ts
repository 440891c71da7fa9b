import { createContext, useContext } from 'react'
import type { SessionActor } from '../../session/session.machine'

/** The root actor, created once in main.tsx; views read it with selectors and send it events. */
export const SessionContext = createContext<SessionActor | null>(null)

export function useSession(): SessionActor {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSession() needs a <SessionContext.Provider> above it.')
  return actor
}
