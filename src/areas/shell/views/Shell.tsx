import { Box, Flex } from '@radix-ui/themes'
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { selectDataReady, selectUser } from '../../../kit/session/session.selectors'
import { LoadingData } from './LoadingData'
import { MEDIA } from '../../../kit/views/media/media'
import { useSession } from '../../../kit/views/actors/sessionContext'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { MfaGrace } from '../../account'
import { PasswordExpiry } from '../../account'
import { trackInAppEntries } from '../../../kit/views/page/backArrow'
import { BAR_HEIGHT, BottomBar } from './BottomBar'
import { MobileHeader } from './MobileHeader'
import { activeTabPath, showsBottomBar, visibleTabs } from '../../../kit/views/page/navigation'
import { pageTitle, useDocumentTitle } from '../../../kit/views/page/pageTitle'
import { installScrollMemory } from './scrollMemory'
import { TopBar } from './TopBar'

const selectPathname = (state: { location: { pathname: string } }) => state.location.pathname

/**
 * The signed-in frame: top bar on desktop, header and bottom tab bar below 960 px; before it, the
 * loading screen while the caches fill.
 */
export function Shell() {
  const session = useSession()
  const user = useSelector(session, selectUser)
  const dataReady = useSelector(session, selectDataReady)
  const desktop = useMediaQuery(MEDIA.desktop)
  const phone = useMediaQuery(MEDIA.phone)
  const pathname = useRouterState({ select: selectPathname })
  const router = useRouter()
  // Once the screens show: which entries the console pushes (for the back arrow; pushes before,
  // such as the return from sign-in to a deep link, do not count), and page scroll memory.
  useEffect(() => (dataReady ? trackInAppEntries(router.history) : undefined), [router, dataReady])
  useEffect(() => (dataReady ? installScrollMemory(router) : undefined), [router, dataReady])
  useDocumentTitle(pageTitle(pathname))
  // The route guard admits no one without a user; this only satisfies the type.
  if (!user) return null
  // No screen mounts before the caches are loaded: none may read a cache that is still filling.
  if (!dataReady) return <LoadingData />
  const tabs = visibleTabs(user, desktop)
  const active = activeTabPath(pathname)
  const bottomBar = !desktop && showsBottomBar(pathname)
  return (
    <Flex direction="column" minHeight="100vh">
      {desktop ? <TopBar tabs={tabs} active={active} user={user} /> : <MobileHeader user={user} />}
      <Box asChild width="100%" maxWidth="1600px" mx="auto" px={{ initial: '4', md: '6' }} pt="5">
        <main style={{ paddingBottom: bottomBar ? BAR_HEIGHT + 24 : 24 }}>
          <Outlet />
        </main>
      </Box>
      {bottomBar && <BottomBar tabs={tabs} active={active} labels={!phone} />}
      <PasswordExpiry />
      <MfaGrace />
    </Flex>
  )
}
