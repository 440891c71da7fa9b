import { Flex, TabNav } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { SelfUser } from '../../../../schema/user'
import { HeaderBar } from './HeaderBar'
import type { Tab, TabPath } from '../../../kit/views/page/navigation'
import './TopBar.css'
import { TabIcon } from './TabIcon'

type Props = { tabs: Tab[]; active: TabPath; user: SelfUser }

/** Desktop navigation: a 64 px bar with the brand, the tabs and the user menu. */
export function TopBar({ tabs, active, user }: Props) {
  return (
    <HeaderBar compact={false} user={user}>
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
    </HeaderBar>
  )
}
