import { Box } from '@radix-ui/themes'
import { RouterProvider, type AnyRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { AnyActorLogic } from 'xstate'
import type { SessionActor } from '../../machines/session.machine'
import { LiveDock } from '../flows/live/LiveDock'
import { NotifyProvider } from '../notify/Notifications'
import { AppTheme } from './AppTheme'
import { selectStartupMessage, StartupMessage } from './StartupMessage'
import { SessionContext } from './sessionContext'
import { ProvidedLogicContext } from './useScreenActor'

const NONE: readonly AnyActorLogic[] = []

type Props = {
  session: SessionActor
  router: AnyRouter
  /** Machines that replace the views' own, by machine id (tests: `machine.provide()`). */
  provide?: readonly AnyActorLogic[]
}

/**
 * Shows 'Authenticating...' until the session is known, then mounts the router for good. Later busy
 * phases (signing out, signing in) hide the routes behind the message instead of unmounting them,
 * so that a navigation under way (the logout redirect) is never cut off.
 */
export function App({ session, router, provide = NONE }: Props) {
  const message = useSelector(session, selectStartupMessage)
  const [routerMounted, setRouterMounted] = useState(false)
  // Adjusting state while rendering, as React documents, instead of an effect.
  if (message === null && !routerMounted) setRouterMounted(true)
  return (
    <SessionContext.Provider value={session}>
      <ProvidedLogicContext.Provider value={provide}>
        <AppTheme>
          <NotifyProvider>
            <LiveDock>
              {(routerMounted || message === null) && (
                <Box display={message === null ? 'block' : 'none'}>
                  <RouterProvider router={router} />
                </Box>
              )}
              {message !== null && <StartupMessage message={message} />}
            </LiveDock>
          </NotifyProvider>
        </AppTheme>
      </ProvidedLogicContext.Provider>
    </SessionContext.Provider>
  )
}
