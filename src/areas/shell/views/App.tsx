import { Box } from '@radix-ui/themes'
import { RouterProvider, type AnyRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { AnyActorLogic } from 'xstate'
import type { SessionActor } from '../../../kit/session/session.machine'
import { CatalogContext, type CatalogSource } from '../../flows'
import { LiveDock } from '../../flows'
import { NotifyProvider } from '../../../kit/views/notify/Notifications'
import { AppTheme } from './AppTheme'
import { selectStartupMessage, StartupMessage } from './StartupMessage'
import { SessionContext } from '../../../kit/views/actors/sessionContext'
import { ProvidedLogicContext } from '../../../kit/views/actors/useScreenActor'

const NONE: readonly AnyActorLogic[] = []

type Props = {
  session: SessionActor
  router: AnyRouter
  /** The console's statecharts (src/catalog.ts) or their loader, for the Flows views. */
  catalog: CatalogSource
  /** Machines that replace the views' own, by machine id (tests: `machine.provide()`). */
  provide?: readonly AnyActorLogic[]
}

/**
 * Shows 'Authenticating...' until the session is known, then mounts the router for good. Later busy
 * phases (signing out, signing in) hide the routes behind the message instead of unmounting them,
 * so that a navigation under way (the logout redirect) is never cut off.
 */
export function App({ session, router, catalog, provide = NONE }: Props) {
  const message = useSelector(session, selectStartupMessage)
  const [routerMounted, setRouterMounted] = useState(false)
  // Adjusting state while rendering, as React documents, instead of an effect.
  if (message === null && !routerMounted) setRouterMounted(true)
  return (
    <SessionContext.Provider value={session}>
      <ProvidedLogicContext.Provider value={provide}>
        <CatalogContext value={catalog}>
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
        </CatalogContext>
      </ProvidedLogicContext.Provider>
    </SessionContext.Provider>
  )
}
