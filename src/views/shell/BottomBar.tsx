import { Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { Tab, TabPath } from './navigation'
import { TabIcon } from './TabIcon'

type Props = { tabs: Tab[]; active: TabPath; labels: boolean }

/** BAR_HEIGHT is also the room the shell keeps free under the content. */
export const BAR_HEIGHT = 64

/** Phone and tablet navigation: a fixed 64 px tab bar; icons only on phones (aria-label names them). */
export function BottomBar({ tabs, active, labels }: Props) {
  return (
    <Flex
      asChild
      position="fixed"
      bottom="0"
      left="0"
      right="0"
      height={`${BAR_HEIGHT}px`}
      align="stretch"
      justify="between"
      style={{
        background: 'var(--color-panel-solid)',
        boxShadow: 'inset 0 1px var(--gray-a5)',
        zIndex: 1,
      }}
    >
      <nav aria-label="Main">
        {tabs.map((tab) => {
          const current = tab.path === active
          return (
            <Link
              key={tab.path}
              to={tab.path}
              aria-label={tab.label}
              aria-current={current ? 'page' : undefined}
              style={{
                flex: 1,
                textDecoration: 'none',
                color: current ? 'var(--accent-11)' : 'var(--gray-11)',
              }}
            >
              <Flex direction="column" align="center" justify="center" gap="1" height="100%">
                <TabIcon path={tab.path} size={22} />
                {labels && (
                  <Text size="1" weight={current ? 'bold' : 'regular'}>
                    {tab.label}
                  </Text>
                )}
              </Flex>
            </Link>
          )
        })}
      </nav>
    </Flex>
  )
}
