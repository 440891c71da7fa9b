import { ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { Callout, Flex, Link as TextLink, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { selectUser } from '../../../../kit/session/session.selectors'
import { useSession } from '../../../../kit/views/actors/sessionContext'
import { PageHeader } from '../../../../kit/views/page/PageHeader'
import { ActionCards } from './ActionCards'
import { greeting, previousSignInText } from './homeText'

/** Home: a greeting, what the person can do next, and their previous sign-in. */
export function HomePage() {
  const user = useSelector(useSession(), selectUser)
  // The greeting belongs to the moment the page opened; it need not tick over at noon.
  const [openedAt] = useState(() => new Date())
  if (!user) return null
  return (
    <Flex direction="column" gap="5">
      <PageHeader title={greeting(user.nameFirst, openedAt)} />
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
      <ActionCards user={user} />
      <Text as="p" size="2" color="gray">
        {previousSignInText(user.previousSignIn)}
      </Text>
    </Flex>
  )
}
