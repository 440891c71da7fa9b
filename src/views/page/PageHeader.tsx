import { ArrowLeftIcon } from '@radix-ui/react-icons'
import { Flex, Heading, IconButton } from '@radix-ui/themes'
import { Link, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { parentPath } from '../shell/navigation'

const selectPathname = (state: { location: { pathname: string } }) => state.location.pathname

/** A screen's title; detail screens (more than one path segment) get a back arrow one level up. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const up = parentPath(useRouterState({ select: selectPathname }))
  return (
    <Flex align="center" gap="3" wrap="wrap">
      {up && (
        <IconButton asChild variant="ghost" color="gray" aria-label="Back">
          <Link to={up}>
            <ArrowLeftIcon width={20} height={20} />
          </Link>
        </IconButton>
      )}
      <Heading as="h1" size="7" weight="regular">
        {title}
      </Heading>
      {children}
    </Flex>
  )
}
