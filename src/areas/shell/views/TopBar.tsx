import { Box, Flex, TabNav } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { SelfUser } from '../../../../schema/user'
import { HeaderBar } from './HeaderBar'
import type { Tab, TabPath } from '../../../kit/views/page/navigation'
import './TopBar.css'
import { TabIcon } from './TabIcon'
import { useLabelsFit } from './useLabelsFit'

type Props = { tabs: Tab[]; active: TabPath; user: SelfUser }

/**
 * Desktop navigation: a 64 px bar with the brand, the tabs and the user menu. The tabs keep their
 * labels as long as they fit beside the brand and the menu; narrower, they show their icons, each
 * named for screen readers and with its label as a tooltip.
 */
export function TopBar({ tabs, active, user }: Props) {
  const { room, fits } = useLabelsFit<HTMLDivElement>('.gh-top-tabs')
  return (
    <HeaderBar compact={false} user={user}>
      <Box ref={room} flexGrow="1" minWidth="0" overflow="hidden">
        <TabNav.Root
          aria-label="Main"
          size="2"
          className={fits ? 'gh-top-tabs' : 'gh-top-tabs gh-icons-only'}
          data-icons-only={fits ? undefined : true}
        >
          {tabs.map((tab) => {
            const link = (
              <TabNav.Link key={tab.path} asChild active={tab.path === active}>
                <Link to={tab.path} aria-label={tab.label} title={fits ? undefined : tab.label}>
                  <Flex align="center" gap="6px">
                    <TabIcon path={tab.path} />
                    <span className="gh-tab-label">{tab.label}</span>
                  </Flex>
                </Link>
              </TabNav.Link>
            )
            return link
          })}
        </TabNav.Root>
      </Box>
    </HeaderBar>
  )
}
