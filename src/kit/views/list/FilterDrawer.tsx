import { Box, Button, Flex, Heading } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react'
import type { FilterDrawerActor, FilterDrawerSnapshot } from '../../machines/filterDrawer.machine'
import { DRAWER_WIDTH, type DrawerMode } from './layout'
import { useSwipeDown } from './useSwipeDown'

const selectOpen = (snapshot: FilterDrawerSnapshot) => snapshot.hasTag('open')

type Props = {
  drawer: FilterDrawerActor
  mode: DrawerMode
  id: string
  children: ReactNode
  /**
   * Below the filters: Reset Filters, and in the sheet 'Show N results'. The sheet keeps it in view
   * at its bottom edge while the filters above it scroll.
   */
  footer?: ReactNode
}

const surface: CSSProperties = {
  background: 'var(--color-panel-solid)',
  boxShadow: 'var(--shadow-5)',
  overflowY: 'auto',
}

/**
 * The filter drawer (SPEC.md §2, §9). Docked on large screens: 300 px beside the list, an 8 px
 * edge when closed, kept as the gap SPEC.md sizes but drawn as nothing (a bordered empty strip
 * read as a glitch). Elsewhere it covers the list while open, with a Close button (and Escape):
 * over the list's left edge from md, as a bottom sheet of at most 90% of the window below it,
 * which a downward swipe also closes; its header and footer stay put while the filters scroll.
 */
export function FilterDrawer({ drawer, mode, id, children, footer }: Props) {
  const open = useSelector(drawer, selectOpen)
  const close = () => drawer.send({ type: 'drawer.close' })
  const swipe = useSwipeDown((distance) => drawer.send({ type: 'drawer.swipe', distance }))
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && mode !== 'docked') close()
  }
  if (mode === 'docked') {
    return (
      <Box
        flexShrink="0"
        style={{
          width: open ? DRAWER_WIDTH.open : DRAWER_WIDTH.collapsed,
          transition: 'width 200ms ease',
          overflow: 'hidden',
          borderRadius: 'var(--radius-3)',
          // Closed: an invisible 8 px gap. Open: the panel's tint and edge.
          background: open ? 'var(--gray-a2)' : 'transparent',
          boxShadow: open ? 'inset 0 0 0 1px var(--gray-a4)' : 'none',
          overflowY: open ? 'auto' : 'hidden',
        }}
      >
        {open && (
          <Box id={id} role="region" aria-label="Filters" width={`${DRAWER_WIDTH.open}px`} p="4">
            <Heading as="h2" size="3" mb="3">
              Filters
            </Heading>
            {children}
            {footer && (
              <Flex direction="column" gap="2" mt="4">
                {footer}
              </Flex>
            )}
          </Box>
        )}
      </Box>
    )
  }
  if (!open) return null
  const header = (
    <Flex align="center" justify="between" gap="3" mb="3">
      <Heading as="h2" size="3">
        Filters
      </Heading>
      <Button variant="soft" color="gray" onClick={close}>
        Close
      </Button>
    </Flex>
  )
  if (mode === 'side') {
    return (
      <Box
        id={id}
        role="region"
        aria-label="Filters"
        onKeyDown={onKeyDown}
        position="absolute"
        top="0"
        left="0"
        bottom="0"
        p="4"
        style={{
          ...surface,
          width: DRAWER_WIDTH.open,
          zIndex: 2,
          borderRadius: 'var(--radius-4)',
        }}
      >
        {header}
        {children}
        {footer && (
          <Flex direction="column" gap="2" mt="4">
            {footer}
          </Flex>
        )}
      </Box>
    )
  }
  return (
    <>
      <Box
        aria-hidden
        position="fixed"
        inset="0"
        onClick={close}
        style={{ background: 'var(--black-a6)', zIndex: 3 }}
      />
      <Box
        id={id}
        role="region"
        aria-label="Filters"
        onKeyDown={onKeyDown}
        position="fixed"
        left="0"
        right="0"
        bottom="0"
        style={{
          ...surface,
          // A column: the grip and header, the filters (which scroll), the footer (which stays).
          display: 'flex',
          flexDirection: 'column',
          overflowY: 'hidden',
          maxHeight: '90dvh',
          zIndex: 4,
          borderRadius: 'var(--radius-5) var(--radius-5) 0 0',
        }}
      >
        {/* The grip: a finger's drag reaches it (no scrolling), and no text is selected, since
            a mouse drag over a selection would start a drag-and-drop and cancel the swipe. */}
        <Box
          px="4"
          pb="1"
          pt="2"
          flexShrink="0"
          style={{ touchAction: 'none', userSelect: 'none', cursor: 'grab' }}
          {...swipe}
        >
          <Box
            data-grip
            mx="auto"
            mb="2"
            style={{
              width: 40,
              height: 4,
              borderRadius: 2,
              background: 'var(--gray-a7)',
            }}
          />
          {header}
        </Box>
        <Box px="4" pb="4" flexGrow="1" minHeight="0" overflowY="auto">
          {children}
        </Box>
        {footer && (
          <Flex
            direction="column"
            gap="2"
            px="4"
            pt="3"
            flexShrink="0"
            style={{
              // Clear of a phone's home indicator.
              paddingBottom: 'calc(var(--space-4) + env(safe-area-inset-bottom, 0px))',
              boxShadow: 'inset 0 1px var(--gray-a5)',
            }}
          >
            {footer}
          </Flex>
        )}
      </Box>
    </>
  )
}
