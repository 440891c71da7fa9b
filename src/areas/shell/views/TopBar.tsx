import { Box, Flex, TabNav } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { SelfUser } from '../../../../schema/user'
import { Brand } from './Brand'
import type { Tab, TabPath } from '../../../kit/views/page/navigation'
import './TopBar.css'
import { TabIcon } from './TabIcon'
import { UserMenu } from './UserMenu'

type Props = { tabs: Tab[]; active: TabPath; user: SelfUser }

/** Desktop navigation: a 64 px bar with the brand, the tabs and the user menu. */
export function TopBar({ tabs, active, user }: Props) {
  return (
    <Flex
      asChild
      align="center"
      gap="5"
      px="5"
      height="64px"
      flexShrink="0"
      style={{ boxShadow: 'inset 0 -1px var(--gray-a5)' }}
    >
      <header>
        <Brand />
        <TabNav.Root aria-label="Main" size="2" className="gh-top-tabs">
          {tabs.map((tab) => (
            <TabNav.Link key={tab.path} asChild active={tab.path === active}>
              <Link to={tab.path} aria-label={tab.label} title={tab.label}>
                <Flex align="center" gap="2">
                  <TabIcon path={tab.path} />
                  <span className="gh-tab-label">{tab.label}</span>
                </Flex>
              </Link>
            </TabNav.Link>
          ))}
        </TabNav.Root>
        <Box flexGrow="1" />
        <UserMenu user={user} />
      </header>
    </Flex>
  )
}
