import { Box, Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import type { SelfUser } from '../../../../schema/user'
import { Brand } from './Brand'
import { UserMenu } from './UserMenu'

type Props = {
  /** Phones and tablets: 56 px and tighter; the desktop: 64 px. */
  compact: boolean
  user: SelfUser
  /** What sits after the brand, taking the room up to the user menu: the desktop's tabs. */
  children?: ReactNode
}

/** The frame's header: the brand, then what the layout adds, and the user menu at the end. */
export function HeaderBar({ compact, user, children }: Props) {
  return (
    <Flex
      asChild
      align="center"
      gap={compact ? '3' : '4'}
      px={compact ? '4' : '5'}
      height={compact ? '56px' : '64px'}
      flexShrink="0"
      style={{ boxShadow: 'inset 0 -1px var(--gray-a5)' }}
    >
      <header>
        <Brand />
        {children ?? <Box flexGrow="1" />}
        <UserMenu user={user} />
      </header>
    </Flex>
  )
}
