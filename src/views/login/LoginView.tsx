import { Flex, Heading } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { LoginActor } from '../../machines/login.machine'
import { selectError, selectOnCodeStep } from '../../machines/login.selectors'
import { CodeForm } from './CodeForm'
import { CredentialsForm } from './CredentialsForm'
import { ErrorCallout, InfoCallout } from './ErrorCallout'

type Props = {
  actor: LoginActor
  loggedOut: boolean
  focusPassword: boolean
  /** The credentials step's heading: 'Admin Login' in the console, 'Sign in to …' for a service. */
  heading?: string
  /** Above the heading (a service's logo). */
  header?: ReactNode
}

/** The login card: credentials or the code step, with the failure or logout message above. */
export function LoginView({
  actor,
  loggedOut,
  focusPassword,
  heading = 'Admin Login',
  header,
}: Props) {
  const onCodeStep = useSelector(actor, selectOnCodeStep)
  const error = useSelector(actor, selectError)
  return (
    <Flex direction="column" gap="4">
      {header}
      <Heading as="h1" size="6" align="center">
        {onCodeStep ? 'Two Factor Authentication' : heading}
      </Heading>
      {loggedOut && !onCodeStep && <InfoCallout message="You have been logged out of Gatehouse." />}
      {error && <ErrorCallout message={error} />}
      {onCodeStep ? (
        <CodeForm actor={actor} />
      ) : (
        <CredentialsForm actor={actor} focusPassword={focusPassword} />
      )}
    </Flex>
  )
}
