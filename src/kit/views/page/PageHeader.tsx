import { ArrowLeftIcon } from '@radix-ui/react-icons'
import { Flex, Heading, IconButton } from '@radix-ui/themes'
import { Link, useRouter, useRouterState } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import { MEDIA } from '../media/media'
import { useMediaQuery } from '../media/useMediaQuery'
import { backAction, isInAppEntry } from './backArrow'
import { parentPath } from './navigation'

const selectPathname = (state: { location: { pathname: string } }) => state.location.pathname

/**
 * A screen's title; detail screens (more than one path segment) get a back arrow. The arrow links
 * one level up; on desktop layouts, when the console itself led here, a plain click goes one step
 * back in history instead (src/kit/views/page/backArrow.ts).
 */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const router = useRouter()
  const pathname = useRouterState({ select: selectPathname })
  const small = !useMediaQuery(MEDIA.desktop)
  const up = parentPath(pathname)
  const onClick = (event: MouseEvent) => {
    // Modified clicks (new tab, new window) keep the link's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return
    const action = backAction({ pathname, small, inAppHistory: isInAppEntry(router.history) })
    if (action.kind !== 'back') return
    event.preventDefault()
    router.history.back()
  }
  return (
    <Flex align="center" gap="3" wrap="wrap">
      {up && (
        <IconButton asChild variant="ghost" color="gray" aria-label="Back">
          <Link to={up} onClick={onClick}>
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
