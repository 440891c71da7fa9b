import { Flex, Heading } from '@radix-ui/themes'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { LoginActor } from '../machines/login.machine'
import { selectError, selectStep, type LoginStep } from '../machines/login.selectors'
import { CodeForm } from './CodeForm'
import { CredentialsForm } from './CredentialsForm'
import { EnrolmentForm } from './EnrolmentForm'
import { ErrorCallout, InfoCallout } from '../../../kit/views/form/ErrorCallout'
import { RecoveryCodesStep } from './RecoveryCodesStep'

const HEADINGS: Record<Exclude<LoginStep, 'credentials'>, string> = {
  code: 'Two Factor Authentication',
  enrolment: 'Set up your authenticator app',
  recoveryCodes: 'Save your recovery codes',
}

type Props = {
  actor: LoginActor
  loggedOut: boolean
  focusPassword: boolean
  /** The credentials step's heading: 'Admin Login' in the console, 'Sign in to …' for a service. */
  heading?: string
  /** Above the heading (a service's logo). */
  header?: ReactNode
  /** A note above the form (a service that needs a second factor says so). */
  notice?: string | null
}

/**
 * The login card: credentials, the second step, the enrolment the policy requires or the recovery
 * codes it handed out, with the failure or logout message above.
 */
export function LoginView({
  actor,
  loggedOut,
  focusPassword,
  heading = 'Admin Login',
  header,
  notice,
}: Props) {
  const step = useSelector(actor, selectStep)
  const error = useSelector(actor, selectError)
  const onForm = step === 'credentials'
  return (
    <Flex direction="column" gap="4">
      {header}
      <Heading as="h1" size="6" align="center">
        {onForm ? heading : HEADINGS[step]}
      </Heading>
      {loggedOut && onForm && <InfoCallout message="You have been logged out of Gatehouse." />}
      {notice && onForm && <InfoCallout message={notice} />}
      {error && <ErrorCallout message={error} />}
      {step === 'credentials' && <CredentialsForm actor={actor} focusPassword={focusPassword} />}
      {step === 'code' && <CodeForm actor={actor} />}
      {step === 'enrolment' && <EnrolmentForm actor={actor} />}
      {step === 'recoveryCodes' && <RecoveryCodesStep actor={actor} />}
    </Flex>
  )
}
