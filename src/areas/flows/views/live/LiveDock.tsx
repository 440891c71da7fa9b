import { Box, Button, Callout, Flex, Spinner, Text } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react'
import type { Permission } from '../../../../../schema/permissions'
import { canAccess } from '../../../../kit/machines/access'
import type { SessionSnapshot } from '../../../../kit/session/session.machine'
import { useSession } from '../../../../kit/views/actors/sessionContext'
import { Boundary } from './Boundary'
import './LiveDock.css'
import { closeSidePanel, readSidePanel, subscribeSidePanel } from './sidePanel'

// Loaded only once the panel is open in this tab: nothing of it weighs on the first load.
const LiveSidePanel = lazy(() => import('./LiveSidePanel'))

const FLOWS_READ: Permission = 'flows.read'

// The panel opens from the Flows page only. Signed out (the login after a sign-out) it stays; a
// person signed in without the Flows page's permission does not get it.
const selectMayFollow = (snapshot: SessionSnapshot) => {
  const user = snapshot.context.user
  return user === null || canAccess(user, { permission: FLOWS_READ })
}

/**
 * Where the live side panel docks (areas/shell/views/App.tsx wraps the console in it). The wrappers are
 * always there, so opening or closing the panel never remounts the screens beside it.
 */
export function LiveDock({ children }: { children: ReactNode }) {
  const choice = useSyncExternalStore(subscribeSidePanel, readSidePanel, readSidePanel)
  const mayFollow = useSelector(useSession(), selectMayFollow)
  const open = choice !== null && mayFollow
  return (
    <div className={open ? 'gh-live-dock' : undefined}>
      <div className={open ? 'gh-live-main' : undefined}>{children}</div>
      {open && (
        <Box asChild p="3" className="gh-live-side">
          <aside aria-label="Live flow">
            <Boundary fallback={() => <PanelFailure />}>
              <Suspense
                fallback={
                  <Flex align="center" gap="2">
                    <Spinner /> <Text size="2">Loading the live panel…</Text>
                  </Flex>
                }
              >
                <LiveSidePanel choice={choice} />
              </Suspense>
            </Boundary>
          </aside>
        </Box>
      )}
    </div>
  )
}

/** A panel that failed to load says so and can be closed; the console beside it carries on. */
function PanelFailure() {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>The live panel could not be loaded.</Callout.Text>
      <Button variant="soft" onClick={closeSidePanel}>
        Close the panel
      </Button>
    </Callout.Root>
  )
}
