import { Box, Flex } from '@radix-ui/themes'
import type { ReactNode } from 'react'

type Props = {
  /** The list's search box: first, taking the free width. */
  search?: ReactNode
  /** Show Filters with its badge. */
  filters?: ReactNode
  /** The sort, where the screen offers one outside the drawer (Sessions). */
  sort?: ReactNode
  /** Secondary and primary actions, at the right end (the primary one last). */
  actions?: ReactNode
  /** The toolbar's name for assistive technology: 'Sessions list tools'. */
  label: string
  /** The search slot takes all the free width (the Logs' filter bar), not at most 480 px. */
  searchFills?: boolean
}

/**
 * The one toolbar of the list screens (Sessions, Services, Users, Logs): the search at the left,
 * then Show Filters with an honest badge and the sort, then the screen's actions at the right.
 * On a phone the search takes the first line and the buttons wrap below it.
 */
export function ListToolbar({ search, filters, sort, actions, label, searchFills }: Props) {
  return (
    <Flex role="group" aria-label={label} gap="2" align="center" wrap="wrap" flexShrink="0">
      {search && (
        <Box
          flexGrow="1"
          flexShrink="1"
          flexBasis="240px"
          minWidth="0"
          maxWidth={searchFills ? undefined : '480px'}
        >
          {search}
        </Box>
      )}
      {filters}
      {sort}
      {actions && (
        <Flex gap="2" align={searchFills ? 'end' : 'center'} wrap="wrap" ml="auto">
          {actions}
        </Flex>
      )}
    </Flex>
  )
}
