import { Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'

/**
 * The one column of the account pages (Profile, Change Password): left-aligned as every other
 * page is, and as wide on both, so their cards line up and neither leaves half a card blank.
 */
export function AccountColumn({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" gap="4" width="100%" maxWidth="720px">
      {children}
    </Flex>
  )
}
