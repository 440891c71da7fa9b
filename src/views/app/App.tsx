import { Box } from '@radix-ui/themes'
import { RouterProvider, type AnyRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { StartupActor } from '../../machines/startup.machine'
import { NotifyProvider } from '../notify/Notifications'
import { AppTheme } from './AppTheme'
import { selectStartupMessage, StartupMessage } from './StartupMessage'
import { StartupContext } from './startupContext'

type Props = { startup: StartupActor; router: AnyRouter }

/**
 * Shows 'Authenticating...' until the session is known, then mounts the router for good. Later busy
 * phases (signing out, signing in) hide the routes behind the message instead of unmounting them,
 * so that a navigation under way (the logout redirect) is never cut off.
 */
export function App({ startup, router }: Props) {
  const message = useSelector(startup, selectStartupMessage)
  const [routerMounted, setRouterMounted] = useState(false)
  // Adjusting state while rendering, as React documents, instead of an effect.
  if (message === null && !routerMounted) setRouterMounted(true)
  return (
    <StartupContext.Provider value={startup}>
      <AppTheme>
        <NotifyProvider>
          {(routerMounted || message === null) && (
            <Box display={message === null ? 'block' : 'none'}>
              <RouterProvider router={router} />
            </Box>
          )}
          {message !== null && <StartupMessage message={message} />}
        </NotifyProvider>
      </AppTheme>
    </StartupContext.Provider>
  )
}
