import { Flex, Heading } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { LoginActor } from '../../machines/login.machine'
import { selectError, selectOnCodeStep } from '../../machines/login.selectors'
import { CodeForm } from './CodeForm'
import { CredentialsForm } from './CredentialsForm'
import { ErrorCallout, InfoCallout } from './ErrorCallout'

type Props = { actor: LoginActor; loggedOut: boolean; focusPassword: boolean }

/** The login card: credentials or the code step, with the failure or logout message above. */
export function LoginView({ actor, loggedOut, focusPassword }: Props) {
  const onCodeStep = useSelector(actor, selectOnCodeStep)
  const error = useSelector(actor, selectError)
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6" align="center">
        {onCodeStep ? 'Two Factor Authentication' : 'Admin Login'}
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
