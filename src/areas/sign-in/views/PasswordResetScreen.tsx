import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { LoginActor, LoginSnapshot } from '../machines/login.machine'
import { PASSWORD_EXCEPTION, RESET_LINK_EXPIRED } from '../../../kit/machines/password.messages'
import { passwordResetMachine, type ResetActor } from '../machines/passwordReset.machine'
import {
  selectCanRetry,
  selectInvitation,
  selectLogin,
  selectScreen,
} from '../machines/passwordReset.selectors'
import { useScreenActor } from '../../../kit/views/actors/useScreenActor'
import { ErrorCallout } from '../../../kit/views/form/ErrorCallout'
import { Pending, RetryFailure } from '../../../kit/views/message/Pending'
import { LoginView } from './LoginView'
import { ResetForm } from './ResetForm'

// The login flow speaks for itself once it needs the person: its code step, or a refusal.
const selectNeedsPerson = (s: LoginSnapshot) => s.context.challenge !== null || s.hasTag('error')

/** The sign-in after the reset: 'Signing in...' unless the login flow needs the person. */
function SigningIn({ login }: { login: LoginActor }) {
  const needsPerson = useSelector(login, selectNeedsPerson)
  if (!needsPerson) return <Pending message="Signing in..." />
  return <LoginView actor={login} loggedOut={false} focusPassword={false} />
}

function LinkButtons({ login = 'Login' }: { login?: string }) {
  const navigate = useNavigate()
  return (
    <Flex direction="column" gap="3">
      <Button size="3" onClick={() => void navigate({ to: '/login' })}>
        {login}
      </Button>
      <Button variant="ghost" onClick={() => void navigate({ to: '/forgotPassword' })}>
        forgot password
      </Button>
    </Flex>
  )
}

/** An invitation's link opens the same form under a welcome instead of 'Password Reset'. */
export const INVITATION_TITLE = 'Choose your password'
export const INVITATION_WELCOME =
  'Welcome to Gatehouse. An administrator has created an account for you: enter your email address and choose a password to sign in.'

/**
 * The reset screen for one link (SPEC.md §2 'Reset password'); for an invitation's link the same
 * flow welcomes the new user (issue 30).
 */
export function PasswordResetView({ actor }: { actor: ResetActor }) {
  const screen = useSelector(actor, selectScreen)
  const login = useSelector(actor, selectLogin)
  const canRetry = useSelector(actor, selectCanRetry)
  const invitation = useSelector(actor, selectInvitation)
  if (screen === 'signingIn' && login) return <SigningIn login={login} />
  const welcome = invitation && screen === 'form'
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6" align="center">
        {welcome ? INVITATION_TITLE : 'Password Reset'}
      </Heading>
      {welcome && (
        <Text as="p" align="center">
          {INVITATION_WELCOME}
        </Text>
      )}
      {screen === 'checking' && <Pending message="Checking the link..." />}
      {screen === 'unavailable' && (
        <RetryFailure
          message={PASSWORD_EXCEPTION}
          retry="Try Again"
          canRetry={canRetry}
          onRetry={() => actor.send({ type: 'reset.retry' })}
        />
      )}
      {screen === 'expired' && (
        <>
          <Text as="p" align="center" weight="medium">
            {RESET_LINK_EXPIRED}
          </Text>
          <LinkButtons />
        </>
      )}
      {screen === 'form' && <ResetForm actor={actor} />}
      {screen === 'failed' && (
        <>
          <ErrorCallout message={PASSWORD_EXCEPTION} />
          <Text as="p">Your new password was saved; sign in with it on the login page.</Text>
          <LinkButtons />
        </>
      )}
      {screen === 'signingIn' && <Pending message="Signing in..." />}
    </Flex>
  )
}

/** /passwordReset/$slug. */
export function PasswordResetScreen({ slug }: { slug: string }) {
  const actor = useScreenActor(passwordResetMachine, { input: { slug } })
  return actor ? <PasswordResetView actor={actor} /> : null
}
