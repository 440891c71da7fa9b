import { DotsHorizontalIcon } from '@radix-ui/react-icons'
import { DropdownMenu, Flex, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react'
import { useMediaQuery } from '../../../kit/views/media/useMediaQuery'
import { bottomBarTabs, type Tab, type TabPath } from '../../../kit/views/page/navigation'
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

const slotStyle = (current: boolean): CSSProperties => ({
  flex: 1,
  minWidth: 0,
  textDecoration: 'none',
  color: current ? 'var(--accent-11)' : 'var(--gray-11)',
})

/** An entry's glyph over its label (the label only where the bar shows labels). */
function SlotFace({
  icon,
  label,
  current,
  labels,
}: {
  icon: ReactNode
  label: string
  current: boolean
  labels: boolean
}) {
  return (
    <Flex direction="column" align="center" justify="center" gap="1" height="100%">
      {icon}
      {labels && (
        <Text size="1" weight={current ? 'bold' : 'regular'} truncate>
          {label}
        </Text>
      )}
    </Flex>
  )
}

/** More: the tabs the bar has no room for, in a menu that names each; current when one is. */
function MoreMenu({ tabs, active, labels }: { tabs: Tab[]; active: TabPath; labels: boolean }) {
  const current = tabs.some((tab) => tab.path === active)
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <button
          type="button"
          aria-label="More"
          title="More"
          data-current={current || undefined}
          className="rt-reset"
          style={{ ...slotStyle(current), background: 'none', border: 0, cursor: 'pointer' }}
        >
          <SlotFace
            icon={<DotsHorizontalIcon width={22} height={22} aria-hidden />}
            label="More"
            current={current}
            labels={labels}
          />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content side="top" align="end" variant="soft">
        {tabs.map((tab) => (
          <DropdownMenu.Item asChild key={tab.path}>
            <Link to={tab.path} aria-current={tab.path === active ? 'page' : undefined}>
              <TabIcon path={tab.path} /> {tab.label}
            </Link>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}

/**
 * Phone and tablet navigation: a fixed 64 px tab bar; icons only on phones (SPEC.md §2: labels are
 * hidden on small screens), each named for screen readers and with its label as a tooltip. With
 * more tabs than slots, the last slot is a More menu with the rest (bottomBarTabs). The bar slides
 * away while scrolling down (instantly with reduced motion) and comes back on focus.
 */
export function BottomBar({ tabs, active, labels }: Props) {
  const [collapsed, setCollapsed] = useCollapsedOnScroll()
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const { bar, more } = bottomBarTabs(tabs)
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
        {bar.map((tab) => {
          const current = tab.path === active
          return (
            <Link
              key={tab.path}
              to={tab.path}
              aria-label={tab.label}
              title={tab.label}
              aria-current={current ? 'page' : undefined}
              style={slotStyle(current)}
            >
              <SlotFace
                icon={<TabIcon path={tab.path} size={22} />}
                label={tab.label}
                current={current}
                labels={labels}
              />
            </Link>
          )
        })}
        {more.length > 0 && <MoreMenu tabs={more} active={active} labels={labels} />}
      </nav>
    </Flex>
  )
}
