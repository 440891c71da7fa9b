import { Box, Flex } from '@radix-ui/themes'
import type { SelfUser } from '../../../../schema/user'
import { Brand } from './Brand'
import { UserMenu } from './UserMenu'

/** Phones and tablets: a slim header with the user menu; the tabs live in the bottom bar. */
export function MobileHeader({ user }: { user: SelfUser }) {
  return (
    <Flex
      asChild
      align="center"
      gap="3"
      px="4"
      height="56px"
      flexShrink="0"
      style={{ boxShadow: 'inset 0 -1px var(--gray-a5)' }}
    >
      <header>
        <Brand />
        <Box flexGrow="1" />
        <UserMenu user={user} />
      </header>
    </Flex>
  )
}
