import { createContext, useContext } from 'react'
import type { StartupActor } from '../../machines/startup.machine'

/** The root actor, created once in main.tsx; views read it with selectors and send it events. */
export const StartupContext = createContext<StartupActor | null>(null)

export function useStartup(): StartupActor {
  const actor = useContext(StartupContext)
  if (!actor) throw new Error('useStartup() needs a <StartupContext.Provider> above it.')
  return actor
}
