import { Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import type { Tab, TabPath } from '../../../kit/views/page/navigation'
import { TabIcon } from './TabIcon'

type Props = { tabs: Tab[]; active: TabPath; labels: boolean }

/** BAR_HEIGHT is also the room the shell keeps free under the content. */
export const BAR_HEIGHT = 64

/** Scrolls smaller than this (px) neither hide nor show the bar: no flicker on small jitters. */
const SCROLL_SLACK = 8

/**
 * Collapses on scroll (SPEC.md §2): hidden while the page scrolls down, back as soon as it scrolls
 * up or reaches the top.
 */
function useCollapsedOnScroll(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(false)
  useEffect(() => {
    let last = window.scrollY
    const onScroll = () => {
      const y = window.scrollY
      if (y <= 0) setCollapsed(false)
      else if (y - last > SCROLL_SLACK) setCollapsed(true)
      else if (last - y > SCROLL_SLACK) setCollapsed(false)
      else return
      last = y
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  return [collapsed, setCollapsed]
}

/**
 * Phone and tablet navigation: a fixed 64 px tab bar; icons only on phones (aria-label names them).
 * It slides away while scrolling down (instantly with reduced motion) and comes back on focus.
 */
export function BottomBar({ tabs, active, labels }: Props) {
  const [collapsed, setCollapsed] = useCollapsedOnScroll()
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
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
        transform: collapsed ? 'translateY(100%)' : 'none',
        transition: reducedMotion ? 'none' : 'transform 175ms ease-out',
      }}
      data-collapsed={collapsed || undefined}
    >
      <nav aria-label="Main" onFocus={() => setCollapsed(false)}>
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
