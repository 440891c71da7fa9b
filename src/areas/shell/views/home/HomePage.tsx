import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons'
import { Callout, Flex, Link as TextLink, Text } from '@radix-ui/themes'
import { Link, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { selectUser } from '../../../../kit/session/session.selectors'
import { useSession } from '../../../../kit/views/actors/sessionContext'
import { MEDIA } from '../../../../kit/views/media/media'
import { useMediaQuery } from '../../../../kit/views/media/useMediaQuery'
import { visibleTabs } from '../../../../kit/views/page/navigation'
import { PageHeader } from '../../../../kit/views/page/PageHeader'
import { ActionCards } from './ActionCards'
import { HomeOverview } from './HomeOverview'
import { greeting, previousSignInText } from './homeText'

/** The path an unknown address redirected from (src/routes/-guards.ts, redirectUnknownPath). */
const selectNotFound = (state: { location: { state: { notFound?: string } } }) =>
  state.location.state.notFound

/**
 * Home: a greeting; what needs attention, the first steps and the latest activity; the screens the
 * person may open; and their previous sign-in. An address that led nowhere is said here.
 */
export function HomePage() {
  const user = useSelector(useSession(), selectUser)
  const desktop = useMediaQuery(MEDIA.desktop)
  const notFound = useRouterState({ select: selectNotFound })
  // The greeting belongs to the moment the page opened; it need not tick over at noon.
  const [openedAt] = useState(() => new Date())
  if (!user) return null
  return (
    <Flex direction="column" gap="5">
      <PageHeader title={greeting(user, openedAt)} />
      {notFound && (
        <Callout.Root color="gray" role="status">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Page not found: there is no page at {notFound}, so here is Home.
          </Callout.Text>
        </Callout.Root>
      )}
      {user.mustChangePassword && (
        <Callout.Root color="amber" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            You need to change your password.{' '}
            <TextLink asChild weight="bold">
              <Link to="/password">Change Password</Link>
            </TextLink>
          </Callout.Text>
        </Callout.Root>
      )}
      <HomeOverview reader={user} />
      <ActionCards tabs={visibleTabs(user, desktop)} />
      <Text as="p" size="2" color="gray">
        {previousSignInText(user.previousSignIn)}
      </Text>
    </Flex>
  )
}
